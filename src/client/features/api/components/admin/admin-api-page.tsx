import type { ReactNode } from 'react';
import { formatLongDateTime } from '@shared/pakistan-time';
import { Badge } from '@client/components/ui/badge';
import { Card } from '@client/components/ui/card';
import { PageHeader } from '@client/components/ui/page-header';
import { Spinner } from '@client/components/ui/spinner';
import { AdminTable } from '@client/components/admin/admin-list-table';
import { TableCell, TableRow } from '@client/components/ui/table';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { useIntegrations, useWebhookDeliveries } from '@client/features/api/api/get-integrations';
import { ApiKeysCard } from './api-keys-card';
import { useFlash } from '@client/components/admin/use-flash';
import { useTranslation } from '@client/lib/translation';
import '@client/lib/admin-texts';

function Setting({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-semibold tracking-wide text-stone-500 uppercase">{label}</dt>
      <dd className="mt-0.5 text-sm break-all text-stone-900">{children}</dd>
    </div>
  );
}

/** "connectedAccount" → "Connected account". */
function labelOf(key: string): string {
  const words = key.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const DELIVERY_LABEL: Record<string, string> = {
  processed: 'admin:delivery.processed',
  ignored: 'admin:delivery.ignored',
  failed: 'admin:delivery.failed',
  rejected: 'admin:delivery.rejected',
};

const DELIVERY_TONE: Record<string, 'green' | 'grey' | 'red'> = {
  processed: 'green',
  ignored: 'grey',
  failed: 'red',
  rejected: 'red',
};

export function AdminApiPage() {
  const { t } = useTranslation('admin');
  useDocumentTitle(t('admin:api.title'));
  const deliveryText = (status: string) => {
    const key = DELIVERY_LABEL[status];
    return key ? t(key) : status;
  };
  const flash = useFlash();
  const integrations = useIntegrations();
  const deliveries = useWebhookDeliveries();
  const data = integrations.data;
  return (
    <>
      <PageHeader title={t('admin:api.title')} description={t('admin:api.description')} />
      {flash.element}
      <div className="flex flex-col gap-6">
        {integrations.isPending ? (
          <Spinner label={t('admin:api.loading')} className="text-brand-700" />
        ) : !data ? (
          <p role="alert" className="text-sm text-red-700">
            {t('admin:api.error')}
          </p>
        ) : (
          <div className="grid gap-6 lg:grid-cols-2">
            <Card title={t('admin:api.payment')} description={t('admin:api.paymentText')}>
              <dl className="grid gap-3">
                <Setting label={t('admin:api.provider')}>{data.payments.name}</Setting>
                <Setting label={t('admin:api.apiAddress')}>{data.payments.apiBase}</Setting>
                {Object.entries(data.payments.details).map(([key, value]) => (
                  <Setting key={key} label={labelOf(key)}>
                    {value}
                  </Setting>
                ))}
              </dl>
            </Card>
            <Card title={t('admin:api.email')} description={t('admin:api.emailText')}>
              <dl className="grid gap-3">
                <Setting label={t('admin:api.transport')}>
                  {data.email.transport === 'smtp'
                    ? t('admin:api.smtp', { host: data.email.host ?? t('admin:api.configured') })
                    : t('admin:api.outbox')}
                </Setting>
                <Setting label={t('admin:api.sender')}>{data.email.from}</Setting>
              </dl>
            </Card>
            <Card title={t('admin:api.wallet')} description={t('admin:api.walletText')}>
              <dl className="grid gap-3">
                <Setting label={t('admin:api.apple')}>
                  {data.wallet.apple.configured
                    ? t('admin:api.appleOn', { url: data.wallet.apple.webServiceUrl })
                    : t('admin:api.offSet', { missing: data.wallet.apple.missing.join(', ') })}
                </Setting>
                <Setting label={t('admin:api.google')}>
                  {data.wallet.google.configured
                    ? t('admin:api.on')
                    : t('admin:api.offSet', { missing: data.wallet.google.missing.join(', ') })}
                </Setting>
              </dl>
            </Card>
          </div>
        )}
        <Card title={t('admin:api.webhooks')} description={t('admin:api.webhooksText')} flush>
          {data ? (
            <dl className="px-4 pb-4 sm:px-6">
              <Setting label={t('admin:api.endpoint')}>{data.webhook.url}</Setting>
            </dl>
          ) : null}
          <AdminTable
            pending={deliveries.isPending}
            rows={deliveries.data?.deliveries ?? []}
            label={t('admin:api.deliveries')}
            columns={[
              t('admin:api.colReceived'),
              t('admin:api.colEvent'),
              t('admin:api.colEventId'),
              t('admin:api.colResult'),
            ]}
            loadingLabel={t('admin:api.loadingDeliveries')}
            emptyState={<p className="text-sm text-stone-600">{t('admin:api.noDeliveries')}</p>}
            renderRow={(delivery) => (
              <TableRow key={`${delivery.provider}:${delivery.eventId}`}>
                <TableCell>{formatLongDateTime(delivery.receivedAt)}</TableCell>
                <TableCell>{delivery.eventType}</TableCell>
                <TableCell className="font-mono text-xs break-all">{delivery.eventId}</TableCell>
                <TableCell>
                  <Badge tone={DELIVERY_TONE[delivery.status] ?? 'grey'}>{deliveryText(delivery.status)}</Badge>
                  {delivery.error ? (
                    <p className="mt-1 max-w-64 text-xs break-words whitespace-normal text-red-700">{delivery.error}</p>
                  ) : null}
                </TableCell>
              </TableRow>
            )}
          />
        </Card>
        <ApiKeysCard onResult={flash.show} />
      </div>
    </>
  );
}
