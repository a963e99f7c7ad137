import { KeyRound, Plus } from 'lucide-react';
import { useTranslation } from '@client/lib/translation';
import { useState } from 'react';
import { formatLongDate, formatLongDateTime } from '@shared/pakistan-time';
import {
  API_SCOPES,
  DEFAULT_API_RATE_LIMIT_PER_MINUTE,
  type ApiScope,
  type VendorApiKey,
} from '@shared/api/vendor-api';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { ConfirmDialog, Dialog, DialogContent } from '@client/components/ui/dialog';
import { EmptyState } from '@client/components/ui/empty-state';
import { FormField, Input } from '@client/components/ui/form-field';
import { Table, TableBody, TableCell, TableColumns, TableRow } from '@client/components/ui/table';
import { ApiError } from '@client/lib/api-client';
import { useCreateVendorApiKey, useRevokeVendorApiKey } from '@client/features/api/api/manage-vendor-api';
import { ChoiceList, CreateDialogActions, ShownOnce } from './shown-once';

const SCOPE_KEYS: Record<ApiScope, string> = {
  read: 'vendor:apiKeys.scope.read',
  stamp: 'vendor:apiKeys.scope.stamp',
  redeem: 'vendor:apiKeys.scope.redeem',
};

function CreateKeyDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation('vendor');
  const create = useCreateVendorApiKey();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiScope[]>(['read', 'stamp', 'redeem']);
  const [rate, setRate] = useState(String(DEFAULT_API_RATE_LIMIT_PER_MINUTE));
  const [created, setCreated] = useState<string | null>(null);
  const fields = create.error instanceof ApiError ? create.error.fields : undefined;
  const close = () => {
    setName('');
    setScopes(['read', 'stamp', 'redeem']);
    setRate(String(DEFAULT_API_RATE_LIMIT_PER_MINUTE));
    setCreated(null);
    create.reset();
    onOpenChange(false);
  };
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
      <DialogContent
        title={created ? t('vendor:apiKeys.copyNow') : t('vendor:apiKeys.new')}
        description={created ? undefined : t('vendor:apiKeys.newText')}
        className="max-w-xl"
      >
        {created ? (
          <ShownOnce label={t('vendor:apiKeys.keyLabel')} value={created} onDone={close} />
        ) : (
          <form
            noValidate
            className="flex flex-col gap-4"
            onSubmit={(event) => {
              event.preventDefault();
              create.mutate(
                { name: name.trim(), scopes, rateLimitPerMinute: Number(rate) },
                { onSuccess: (result) => setCreated(result.key) },
              );
            }}
          >
            <FormField
              label={t('vendor:apiKeys.name')}
              required
              hint={t('vendor:apiKeys.nameHint')}
              error={fields?.name}
            >
              <Input value={name} maxLength={60} onChange={(event) => setName(event.target.value)} />
            </FormField>
            <ChoiceList
              legend={t('vendor:apiKeys.scopes')}
              all={API_SCOPES}
              selected={scopes}
              labelOf={(scope) => t(SCOPE_KEYS[scope])}
              error={fields?.scopes}
              onChange={setScopes}
            />
            <FormField
              label={t('vendor:apiKeys.rate')}
              hint={t('vendor:apiKeys.rateHint')}
              error={fields?.rateLimitPerMinute}
            >
              <Input type="number" inputMode="numeric" value={rate} onChange={(event) => setRate(event.target.value)} />
            </FormField>
            <CreateDialogActions
              error={fields ? undefined : create.error?.message}
              busy={create.isPending}
              onCancel={close}
              submitLabel={t('vendor:apiKeys.create')}
            />
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}

/** The vendor's own API keys: made here and shown once, listed by prefix, revocable at once. */
export function ApiKeysSection({
  keys,
  canCreate,
  canManage,
  onResult,
}: {
  keys: VendorApiKey[];
  canCreate: boolean;
  canManage: boolean;
  onResult: (tone: 'success' | 'error', text: string) => void;
}) {
  const { t } = useTranslation('vendor');
  const revoke = useRevokeVendorApiKey();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<VendorApiKey | null>(null);
  return (
    <Card
      title={t('vendor:apiKeys.title')}
      description={t('vendor:apiKeys.text')}
      actions={
        canCreate && canManage ? (
          <Button size="sm" onClick={() => setCreating(true)}>
            <Plus aria-hidden="true" />
            {t('vendor:apiKeys.newKey')}
          </Button>
        ) : undefined
      }
      flush
    >
      {keys.length === 0 ? (
        <div className="px-4 pb-4 sm:px-6">
          <EmptyState icon={<KeyRound />} title={t('vendor:apiKeys.emptyTitle')} text={t('vendor:apiKeys.emptyText')} />
        </div>
      ) : (
        <div className="border-t border-stone-200">
          <Table label={t('vendor:apiKeys.title')}>
            <TableColumns
              columns={[
                t('vendor:apiKeys.col.key'),
                t('vendor:apiKeys.col.permissions'),
                t('vendor:apiKeys.col.lastUsed'),
                t('vendor:apiKeys.col.status'),
                '',
              ]}
            />
            <TableBody>
              {keys.map((key) => (
                <TableRow key={key.id}>
                  <TableCell>
                    <div className="min-w-0">
                      <p className="font-semibold text-stone-900">{key.name}</p>
                      <p className="font-mono text-xs text-stone-500">{key.prefix}…</p>
                      <p className="text-xs text-stone-500">
                        {t('vendor:apiKeys.created', { date: formatLongDate(key.createdAt) })}
                      </p>
                    </div>
                  </TableCell>
                  <TableCell>
                    <div className="min-w-0">
                      <div className="flex flex-wrap gap-1">
                        {key.scopes.map((scope) => (
                          <Badge key={scope} tone="blue">
                            {scope}
                          </Badge>
                        ))}
                      </div>
                      <p className="mt-1 text-xs text-stone-500">
                        {t('vendor:apiKeys.perMinute', { count: key.rateLimitPerMinute })}
                      </p>
                    </div>
                  </TableCell>
                  <TableCell>
                    {key.lastUsedAt ? formatLongDateTime(key.lastUsedAt) : t('vendor:apiKeys.never')}
                  </TableCell>
                  <TableCell>
                    {key.revokedAt ? (
                      <Badge tone="red">{t('vendor:apiKeys.revoked')}</Badge>
                    ) : (
                      <Badge tone="green">{t('vendor:apiKeys.active')}</Badge>
                    )}
                  </TableCell>
                  <TableCell className="text-end">
                    {!key.revokedAt && canManage ? (
                      <Button
                        variant="ghost"
                        size="sm"
                        onClick={() => setRevoking(key)}
                        aria-label={t('vendor:apiKeys.revokeLabel', { name: key.name })}
                      >
                        {t('vendor:apiKeys.revoke')}
                      </Button>
                    ) : null}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
      <CreateKeyDialog open={creating} onOpenChange={setCreating} />
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => (open ? undefined : setRevoking(null))}
        title={t('vendor:apiKeys.revokeTitle', { name: revoking?.name ?? '' })}
        text={t('vendor:apiKeys.revokeText')}
        confirmLabel={t('vendor:apiKeys.revokeConfirm')}
        tone="danger"
        busy={revoke.isPending}
        onConfirm={() =>
          revoking &&
          revoke.mutate(revoking.id, {
            onSuccess: () => {
              onResult('success', t('vendor:apiKeys.revokedNotice', { name: revoking.name }));
              setRevoking(null);
            },
            onError: (error) => {
              onResult('error', error.message);
              setRevoking(null);
            },
          })
        }
      />
    </Card>
  );
}
