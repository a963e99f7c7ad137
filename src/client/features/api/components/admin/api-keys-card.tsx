import { KeyRound, Plus } from 'lucide-react';
import { useState } from 'react';
import type { ApiKey } from '@shared/api/admin-integrations';
import { formatLongDate } from '@shared/pakistan-time';
import { Badge } from '@client/components/ui/badge';
import { Banner } from '@client/components/ui/banner';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { ConfirmDialog, Dialog, DialogContent, DialogFooter } from '@client/components/ui/dialog';
import { EmptyState } from '@client/components/ui/empty-state';
import { FormField, Input } from '@client/components/ui/form-field';
import { AdminTable } from '@client/components/admin/admin-list-table';
import { TableCell, TableRow } from '@client/components/ui/table';
import { ApiError } from '@client/lib/api-client';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from '@client/features/api/api/admin-api-keys';
import { VendorPicker } from '@client/components/admin/vendor-picker';
import { useTranslation } from '@client/lib/translation';
import '@client/lib/admin-texts';

function CreateKeyDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation('admin');
  const create = useCreateApiKey();
  const [vendorId, setVendorId] = useState('');
  const [name, setName] = useState('');
  const [created, setCreated] = useState<string | null>(null);
  const fields = create.error instanceof ApiError ? create.error.fields : undefined;
  const close = () => {
    setVendorId('');
    setName('');
    setCreated(null);
    create.reset();
    onOpenChange(false);
  };
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
      <DialogContent
        title={created ? t('admin:keys.copyTitle') : t('admin:keys.newTitle')}
        description={created ? undefined : t('admin:keys.enterpriseOnly')}
        className="max-w-xl"
      >
        {created ? (
          <>
            <Banner tone="warning" title={t('admin:keys.onlyOnce')}>
              {t('admin:keys.onlyOnceText')}
            </Banner>
            <FormField label={t('admin:keys.apiKey')} className="mt-4">
              <Input readOnly value={created} className="font-mono" onFocus={(event) => event.currentTarget.select()} />
            </FormField>
            <DialogFooter>
              <Button
                variant="outline"
                onClick={() =>
                  // Refused (no permission, page not focused): the key stays selectable in the field above.
                  void navigator.clipboard
                    ?.writeText(created)
                    .catch((error: unknown) => console.warn('Copying the API key failed', error))
                }
              >
                {t('admin:keys.copy')}
              </Button>
              <Button onClick={close}>{t('admin:keys.done')}</Button>
            </DialogFooter>
          </>
        ) : (
          <form
            noValidate
            className="flex flex-col gap-4"
            onSubmit={(event) => {
              event.preventDefault();
              create.mutate({ vendorId, name: name.trim() }, { onSuccess: (result) => setCreated(result.key) });
            }}
          >
            <VendorPicker
              value={vendorId}
              onChange={setVendorId}
              plan="enterprise"
              label={t('admin:keys.vendor')}
              findLabel={t('admin:keys.findVendor')}
              error={fields?.vendorId}
            />
            <FormField label={t('admin:keys.name')} required hint={t('admin:keys.nameHint')} error={fields?.name}>
              <Input value={name} maxLength={60} onChange={(event) => setName(event.target.value)} />
            </FormField>
            {create.error && !fields ? (
              <p role="alert" className="text-sm font-medium text-red-700">
                {create.error instanceof ApiError ? create.error.message : t('admin:keys.createFailed')}
              </p>
            ) : null}
            <DialogFooter className="mt-2">
              <Button variant="outline" onClick={close} disabled={create.isPending}>
                {t('admin:form.cancel')}
              </Button>
              <Button type="submit" busy={create.isPending}>
                {t('admin:keys.create')}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}

/** API keys of enterprise vendors: created once and shown once, listed by prefix, revocable. */
export function ApiKeysCard({ onResult }: { onResult: (tone: 'success' | 'error', text: string) => void }) {
  const { t } = useTranslation('admin');
  const keys = useApiKeys();
  const revoke = useRevokeApiKey();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const list = keys.data?.keys ?? [];
  return (
    <Card
      title={t('admin:keys.title')}
      description={t('admin:keys.description')}
      actions={
        <Button size="sm" onClick={() => setCreating(true)}>
          <Plus aria-hidden="true" />
          {t('admin:keys.new')}
        </Button>
      }
      flush
    >
      <AdminTable
        pending={keys.isPending}
        rows={list}
        label={t('admin:keys.title')}
        columns={[
          t('admin:keys.colKey'),
          t('admin:keys.colVendor'),
          t('admin:keys.colCreated'),
          t('admin:keys.colStatus'),
          '',
        ]}
        loadingLabel={t('admin:keys.loading')}
        emptyState={
          <EmptyState icon={<KeyRound />} title={t('admin:keys.noneTitle')} text={t('admin:keys.noneText')} />
        }
        renderRow={(key) => (
          <TableRow key={key.id}>
            <TableCell>
              <p className="font-semibold text-stone-900">{key.name}</p>
              <p className="font-mono text-xs text-stone-500">{key.prefix}…</p>
            </TableCell>
            <TableCell>{key.vendorName}</TableCell>
            <TableCell>{formatLongDate(key.createdAt)}</TableCell>
            <TableCell>
              {key.revokedAt ? (
                <Badge tone="red">{t('admin:keys.revoked')}</Badge>
              ) : (
                <Badge tone="green">{t('admin:keys.active')}</Badge>
              )}
            </TableCell>
            <TableCell className="text-end">
              {!key.revokedAt ? (
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => setRevoking(key)}
                  aria-label={t('admin:keys.revokeOf', { name: key.name })}
                >
                  {t('admin:keys.revoke')}
                </Button>
              ) : null}
            </TableCell>
          </TableRow>
        )}
      />
      <CreateKeyDialog open={creating} onOpenChange={setCreating} />
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => (open ? undefined : setRevoking(null))}
        title={t('admin:keys.revokeTitle', { name: revoking?.name ?? '' })}
        text={t('admin:keys.revokeText')}
        confirmLabel={t('admin:keys.revokeKey')}
        tone="danger"
        busy={revoke.isPending}
        onConfirm={() =>
          revoking &&
          revoke.mutate(revoking.id, {
            onSuccess: () => {
              onResult('success', t('admin:keys.revokedDone', { name: revoking.name }));
              setRevoking(null);
            },
            onError: (error) => {
              onResult('error', error instanceof ApiError ? error.message : t('admin:keys.revokeFailed'));
              setRevoking(null);
            },
          })
        }
      />
    </Card>
  );
}
