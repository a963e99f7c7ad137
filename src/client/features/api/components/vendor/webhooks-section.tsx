import { Plus, Webhook } from 'lucide-react';
import { useTranslation } from '@client/lib/translation';
import { useState } from 'react';
import { formatLongDateTime } from '@shared/pakistan-time';
import {
  WEBHOOK_EVENT_TYPES,
  type WebhookDeliveryLogEntry,
  type WebhookEndpoint,
  type WebhookEventType,
} from '@shared/api/vendor-api';
import { Badge, type BadgeTone } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { ConfirmDialog, Dialog, DialogContent } from '@client/components/ui/dialog';
import { EmptyState } from '@client/components/ui/empty-state';
import { FormField, Input } from '@client/components/ui/form-field';
import { Table, TableBody, TableCell, TableColumns, TableRow } from '@client/components/ui/table';
import { ApiError } from '@client/lib/api-client';
import {
  useCreateWebhookEndpoint,
  useRemoveWebhookEndpoint,
  useSendTestEvent,
} from '@client/features/api/api/manage-vendor-api';
import { ChoiceList, CreateDialogActions, ShownOnce } from './shown-once';

const EVENT_KEYS: Record<WebhookEventType, string> = {
  'customer.joined': 'vendor:webhooks.event.customer.joined',
  'stamp.created': 'vendor:webhooks.event.stamp.created',
  'reward.earned': 'vendor:webhooks.event.reward.earned',
  'reward.redeemed': 'vendor:webhooks.event.reward.redeemed',
  'stamp.reversed': 'vendor:webhooks.event.stamp.reversed',
  'card.updated': 'vendor:webhooks.event.card.updated',
};

function AddEndpointDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation('vendor');
  const create = useCreateWebhookEndpoint();
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>([...WEBHOOK_EVENT_TYPES]);
  const [secret, setSecret] = useState<string | null>(null);
  const fields = create.error instanceof ApiError ? create.error.fields : undefined;
  const close = () => {
    setUrl('');
    setDescription('');
    setEvents([...WEBHOOK_EVENT_TYPES]);
    setSecret(null);
    create.reset();
    onOpenChange(false);
  };
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
      <DialogContent
        title={secret ? t('vendor:webhooks.copySecret') : t('vendor:webhooks.add')}
        description={secret ? undefined : t('vendor:webhooks.addText')}
        className="max-w-xl"
      >
        {secret ? (
          <ShownOnce label={t('vendor:webhooks.secret')} value={secret} onDone={close} />
        ) : (
          <form
            noValidate
            className="flex flex-col gap-4"
            onSubmit={(event) => {
              event.preventDefault();
              create.mutate(
                { url: url.trim(), description: description.trim(), events },
                { onSuccess: (result) => setSecret(result.secret) },
              );
            }}
          >
            <FormField
              label={t('vendor:webhooks.address')}
              required
              hint={t('vendor:webhooks.addressHint')}
              error={fields?.url}
            >
              <Input
                value={url}
                inputMode="url"
                placeholder={t('vendor:webhooks.addressPlaceholder')}
                onChange={(event) => setUrl(event.target.value)}
              />
            </FormField>
            <FormField
              label={t('vendor:webhooks.description')}
              hint={t('vendor:webhooks.descriptionHint')}
              error={fields?.description}
            >
              <Input value={description} maxLength={100} onChange={(event) => setDescription(event.target.value)} />
            </FormField>
            <ChoiceList
              legend={t('vendor:webhooks.events')}
              all={WEBHOOK_EVENT_TYPES}
              selected={events}
              labelOf={(type) => t('vendor:webhooks.eventChoice', { type, label: t(EVENT_KEYS[type]) })}
              error={fields?.events ?? Object.entries(fields ?? {}).find(([name]) => name.startsWith('events.'))?.[1]}
              onChange={setEvents}
            />
            <CreateDialogActions
              error={fields ? undefined : create.error?.message}
              busy={create.isPending}
              onCancel={close}
              submitLabel={t('vendor:webhooks.addEndpoint')}
            />
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}

/** Webhook endpoints: add (secret shown once), send a test event, remove. */
export function WebhooksSection({
  endpoints,
  canCreate,
  canManage,
  onResult,
}: {
  endpoints: WebhookEndpoint[];
  canCreate: boolean;
  canManage: boolean;
  onResult: (tone: 'success' | 'error', text: string) => void;
}) {
  const { t } = useTranslation('vendor');
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<WebhookEndpoint | null>(null);
  const remove = useRemoveWebhookEndpoint();
  const test = useSendTestEvent();
  return (
    <Card
      title={t('vendor:webhooks.title')}
      description={t('vendor:webhooks.text')}
      actions={
        canCreate && canManage ? (
          <Button size="sm" onClick={() => setAdding(true)}>
            <Plus aria-hidden="true" />
            {t('vendor:webhooks.addEndpoint')}
          </Button>
        ) : undefined
      }
      flush
    >
      {endpoints.length === 0 ? (
        <div className="px-4 pb-4 sm:px-6">
          <EmptyState
            icon={<Webhook />}
            title={t('vendor:webhooks.emptyTitle')}
            text={t('vendor:webhooks.emptyText')}
          />
        </div>
      ) : (
        <ul className="divide-y divide-stone-200 border-t border-stone-200">
          {endpoints.map((endpoint) => (
            <li
              key={endpoint.id}
              className="flex flex-col gap-3 px-4 py-4 sm:flex-row sm:items-start sm:justify-between sm:px-6"
            >
              <div className="min-w-0">
                <p className="font-mono text-sm break-all text-stone-900">{endpoint.url}</p>
                {endpoint.description ? <p className="text-sm text-stone-600">{endpoint.description}</p> : null}
                <div className="mt-2 flex flex-wrap gap-1">
                  {endpoint.events.map((event) => (
                    <Badge key={event} tone="grey">
                      {event}
                    </Badge>
                  ))}
                </div>
              </div>
              {canManage ? (
                <div className="flex shrink-0 gap-2">
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={!canCreate}
                    busy={test.isPending && test.variables === endpoint.id}
                    onClick={() =>
                      test.mutate(endpoint.id, {
                        onSuccess: () => onResult('success', t('vendor:webhooks.testQueued')),
                        onError: (error) => onResult('error', error.message),
                      })
                    }
                  >
                    {t('vendor:webhooks.sendTest')}
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => setRemoving(endpoint)}
                    aria-label={t('vendor:webhooks.removeLabel', { url: endpoint.url })}
                  >
                    {t('vendor:webhooks.remove')}
                  </Button>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <AddEndpointDialog open={adding} onOpenChange={setAdding} />
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => (open ? undefined : setRemoving(null))}
        title={t('vendor:webhooks.removeTitle')}
        text={t('vendor:webhooks.removeText')}
        confirmLabel={t('vendor:webhooks.removeConfirm')}
        tone="danger"
        busy={remove.isPending}
        onConfirm={() =>
          removing &&
          remove.mutate(removing.id, {
            onSuccess: () => {
              onResult('success', t('vendor:webhooks.removed'));
              setRemoving(null);
            },
            onError: (error) => {
              onResult('error', error.message);
              setRemoving(null);
            },
          })
        }
      />
    </Card>
  );
}

const STATUS_TONES: Record<WebhookDeliveryLogEntry['status'], BadgeTone> = {
  pending: 'yellow',
  delivered: 'green',
  failed: 'red',
};

/** The latest deliveries: what was sent where, and what the receiver answered. */
export function DeliveryLog({ deliveries }: { deliveries: WebhookDeliveryLogEntry[] }) {
  const { t } = useTranslation('vendor');
  return (
    <Card title={t('vendor:deliveries.title')} description={t('vendor:deliveries.text')} flush>
      {deliveries.length === 0 ? (
        <p className="px-4 pb-4 text-sm text-stone-600 sm:px-6">{t('vendor:deliveries.none')}</p>
      ) : (
        <div className="border-t border-stone-200">
          <Table label={t('vendor:deliveries.table')}>
            <TableColumns
              columns={[
                t('vendor:deliveries.col.event'),
                t('vendor:deliveries.col.endpoint'),
                t('vendor:deliveries.col.status'),
                t('vendor:deliveries.col.answer'),
              ]}
            />
            <TableBody>
              {deliveries.map((delivery) => (
                <TableRow key={delivery.id}>
                  <TableCell>
                    <div className="min-w-0">
                      <p className="font-semibold text-stone-900">{delivery.eventType}</p>
                      <p className="text-xs text-stone-500">{formatLongDateTime(delivery.createdAt)}</p>
                    </div>
                  </TableCell>
                  <TableCell>
                    <p className="max-w-56 font-mono text-xs break-all text-stone-700">{delivery.endpointUrl}</p>
                  </TableCell>
                  <TableCell>
                    <div className="min-w-0">
                      <Badge tone={STATUS_TONES[delivery.status]}>
                        {delivery.status === 'delivered'
                          ? t('vendor:deliveries.delivered')
                          : delivery.status === 'failed'
                            ? t('vendor:deliveries.failed')
                            : t('vendor:deliveries.pending')}
                      </Badge>
                      <p className="mt-1 text-xs text-stone-500">
                        {t('vendor:deliveries.attempts', { count: delivery.attempts })}
                        {delivery.nextAttemptAt && delivery.attempts > 0
                          ? t('vendor:deliveries.next', { date: formatLongDateTime(delivery.nextAttemptAt) })
                          : ''}
                      </p>
                    </div>
                  </TableCell>
                  <TableCell>
                    <div className="min-w-0">
                      {delivery.lastStatusCode !== null ? (
                        <p className="text-sm">{t('vendor:deliveries.http', { code: delivery.lastStatusCode })}</p>
                      ) : null}
                      {delivery.lastError ? <p className="text-xs text-red-700">{delivery.lastError}</p> : null}
                    </div>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
    </Card>
  );
}
