import type { ReactNode } from 'react';
import { formatLongDateTime } from '@shared/pakistan-time';
import { Badge } from '@client/components/ui/badge';
import { Card } from '@client/components/ui/card';
import { PageHeader } from '@client/components/ui/page-header';
import { Spinner } from '@client/components/ui/spinner';
import { Table, TableBody, TableCell, TableColumns, TableRow } from '@client/components/ui/table';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { useIntegrations, useWebhookDeliveries } from '@client/features/admin/api/get-integrations';
import { ApiKeysCard } from './api-keys-card';
import { useFlash } from '@client/components/admin/use-flash';

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

const DELIVERY_TONE: Record<string, 'green' | 'grey' | 'red'> = {
  processed: 'green',
  ignored: 'grey',
  failed: 'red',
  rejected: 'red',
};

export function AdminApiPage() {
  useDocumentTitle('API Integrations');
  const flash = useFlash();
  const integrations = useIntegrations();
  const deliveries = useWebhookDeliveries();
  const data = integrations.data;
  return (
    <>
      <PageHeader
        title="API Integrations"
        description="Payment provider, e-mail transport, Wallet passes, webhooks and API keys."
      />
      {flash.element}
      <div className="flex flex-col gap-6">
        {integrations.isPending ? (
          <Spinner label="Loading integrations" className="text-brand-700" />
        ) : !data ? (
          <p role="alert" className="text-sm text-red-700">
            The integrations could not be loaded.
          </p>
        ) : (
          <div className="grid gap-6 lg:grid-cols-2">
            <Card title="Payment provider" description="Set by PAYMENT_PROVIDER and its variables.">
              <dl className="grid gap-3">
                <Setting label="Provider">{data.payments.name}</Setting>
                <Setting label="API address">{data.payments.apiBase}</Setting>
                {Object.entries(data.payments.details).map(([key, value]) => (
                  <Setting key={key} label={labelOf(key)}>
                    {value}
                  </Setting>
                ))}
              </dl>
            </Card>
            <Card title="E-mail transport" description="SMTP_URL and EMAIL_FROM.">
              <dl className="grid gap-3">
                <Setting label="Transport">
                  {data.email.transport === 'smtp'
                    ? `SMTP (${data.email.host ?? 'configured'})`
                    : 'Outbox in the database (no SMTP set)'}
                </Setting>
                <Setting label="Sender">{data.email.from}</Setting>
              </dl>
            </Card>
            <Card
              title="Wallet passes"
              description="Add to Apple Wallet and Save to Google Wallet on each held card. Without its settings a wallet's button is not shown."
            >
              <dl className="grid gap-3">
                <Setting label="Apple Wallet">
                  {data.wallet.apple.configured
                    ? `On (pass web service at ${data.wallet.apple.webServiceUrl})`
                    : `Off: set ${data.wallet.apple.missing.join(', ')}`}
                </Setting>
                <Setting label="Google Wallet">
                  {data.wallet.google.configured ? 'On' : `Off: set ${data.wallet.google.missing.join(', ')}`}
                </Setting>
              </dl>
            </Card>
          </div>
        )}
        <Card
          title="Webhooks"
          description="The payment provider sends subscription events here; the latest deliveries are below."
          flush
        >
          {data ? (
            <dl className="px-4 pb-4 sm:px-6">
              <Setting label="Endpoint">{data.webhook.url}</Setting>
            </dl>
          ) : null}
          {deliveries.isPending ? (
            <div className="flex justify-center p-6 text-brand-700">
              <Spinner label="Loading deliveries" />
            </div>
          ) : (deliveries.data?.deliveries ?? []).length === 0 ? (
            <p className="px-4 pb-4 text-sm text-stone-600 sm:px-6">No webhook deliveries received yet.</p>
          ) : (
            <div className="border-t border-stone-200">
              <Table label="Recent webhook deliveries">
                <TableColumns columns={['Received', 'Event', 'Event id', 'Result']} />
                <TableBody>
                  {deliveries.data?.deliveries.map((delivery) => (
                    <TableRow key={`${delivery.provider}:${delivery.eventId}`}>
                      <TableCell>{formatLongDateTime(delivery.receivedAt)}</TableCell>
                      <TableCell>{delivery.eventType}</TableCell>
                      <TableCell className="font-mono text-xs break-all">{delivery.eventId}</TableCell>
                      <TableCell>
                        <Badge tone={DELIVERY_TONE[delivery.status] ?? 'grey'}>{delivery.status}</Badge>
                        {delivery.error ? (
                          <p className="mt-1 max-w-64 text-xs break-words whitespace-normal text-red-700">
                            {delivery.error}
                          </p>
                        ) : null}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </div>
          )}
        </Card>
        <ApiKeysCard onResult={flash.show} />
      </div>
    </>
  );
}
