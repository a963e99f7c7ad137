import { KeyRound, Plus } from 'lucide-react';
import { useState } from 'react';
import type { ApiKey } from '@shared/admin-integrations';
import { formatLongDate } from '@shared/pakistan-time';
import { Badge } from '@client/components/ui/badge';
import { Banner } from '@client/components/ui/banner';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { ConfirmDialog, Dialog, DialogContent, DialogFooter } from '@client/components/ui/dialog';
import { EmptyState } from '@client/components/ui/empty-state';
import { FormField, Input } from '@client/components/ui/form-field';
import { Spinner } from '@client/components/ui/spinner';
import { Table, TableBody, TableCell, TableColumns, TableRow } from '@client/components/ui/table';
import { ApiError } from '@client/lib/api-client';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from '@client/features/admin/api/api-keys';
import { VendorPicker } from '@client/features/vendors/components/admin/vendor-picker';

function CreateKeyDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
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
        title={created ? 'Copy the key now' : 'New API key'}
        description={created ? undefined : 'API access is part of the Enterprise plan.'}
        className="max-w-xl"
      >
        {created ? (
          <>
            <Banner tone="warning" title="This is the only time the key is shown">
              Only a fingerprint of it is stored. Give it to the vendor through a safe channel.
            </Banner>
            <FormField label="API key" className="mt-4">
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
                Copy
              </Button>
              <Button onClick={close}>Done</Button>
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
              label="Enterprise vendor"
              findLabel="Find an enterprise vendor"
              error={fields?.vendorId}
            />
            <FormField
              label="Key name"
              required
              hint='What the key is for, for example "POS integration".'
              error={fields?.name}
            >
              <Input value={name} maxLength={60} onChange={(event) => setName(event.target.value)} />
            </FormField>
            {create.error && !fields ? (
              <p role="alert" className="text-sm font-medium text-red-700">
                {create.error instanceof ApiError ? create.error.message : 'The key could not be created.'}
              </p>
            ) : null}
            <DialogFooter className="mt-2">
              <Button variant="outline" onClick={close} disabled={create.isPending}>
                Cancel
              </Button>
              <Button type="submit" busy={create.isPending}>
                Create key
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
  const keys = useApiKeys();
  const revoke = useRevokeApiKey();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const list = keys.data?.keys ?? [];
  return (
    <Card
      title="API keys"
      description="For enterprise vendors' own systems. Keys are stored as hashes."
      actions={
        <Button size="sm" onClick={() => setCreating(true)}>
          <Plus aria-hidden="true" />
          New key
        </Button>
      }
      flush
    >
      {keys.isPending ? (
        <div className="flex justify-center p-6 text-brand-700">
          <Spinner label="Loading keys" />
        </div>
      ) : list.length === 0 ? (
        <div className="px-4 pb-4 sm:px-6">
          <EmptyState icon={<KeyRound />} title="No API keys yet" text="Create one for an Enterprise vendor." />
        </div>
      ) : (
        <div className="border-t border-stone-200">
          <Table label="API keys">
            <TableColumns columns={['Key', 'Vendor', 'Created', 'Status', '']} />
            <TableBody>
              {list.map((key) => (
                <TableRow key={key.id}>
                  <TableCell>
                    <p className="font-semibold text-stone-900">{key.name}</p>
                    <p className="font-mono text-xs text-stone-500">{key.prefix}…</p>
                  </TableCell>
                  <TableCell>{key.vendorName}</TableCell>
                  <TableCell>{formatLongDate(key.createdAt)}</TableCell>
                  <TableCell>
                    {key.revokedAt ? <Badge tone="red">Revoked</Badge> : <Badge tone="green">Active</Badge>}
                  </TableCell>
                  <TableCell className="text-end">
                    {!key.revokedAt ? (
                      <Button
                        variant="ghost"
                        size="sm"
                        onClick={() => setRevoking(key)}
                        aria-label={`Revoke ${key.name}`}
                      >
                        Revoke
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
        title={`Revoke "${revoking?.name ?? ''}"?`}
        text="Systems using this key stop working at once. This cannot be undone."
        confirmLabel="Revoke key"
        tone="danger"
        busy={revoke.isPending}
        onConfirm={() =>
          revoking &&
          revoke.mutate(revoking.id, {
            onSuccess: () => {
              onResult('success', `The key "${revoking.name}" is revoked.`);
              setRevoking(null);
            },
            onError: (error) => {
              onResult('error', error instanceof ApiError ? error.message : 'The key could not be revoked.');
              setRevoking(null);
            },
          })
        }
      />
    </Card>
  );
}
