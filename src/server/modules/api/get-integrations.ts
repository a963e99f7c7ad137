import { desc } from 'drizzle-orm';
import type { Integrations, WebhookDelivery } from '@shared/api/admin-integrations';
import type { AppDeps } from '@server/app-deps';
import type { Executor } from '@server/db/client';
import { webhookEvents } from '@server/db/schema';
import { createPaymentProvider } from '@server/modules/billing/create-payment-provider';
import { APPLE_WEB_SERVICE_PATH } from '@server/modules/wallet/apple-pass';

/** The SMTP host without the user name and password the address carries. */
function smtpHost(url: string | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.port ? `${parsed.hostname}:${parsed.port}` : parsed.hostname;
  } catch {
    return null;
  }
}

/** What the platform is wired to, without a single secret: provider, e-mail transport, webhook address, Wallet passes. */
export function getIntegrations(deps: AppDeps): Integrations {
  const provider = createPaymentProvider(deps.config).describe();
  const { wallet } = deps.config;
  return {
    payments: { provider: provider.id, name: provider.name, apiBase: provider.apiBase, details: provider.details },
    email: {
      transport: deps.email.transport.name,
      from: deps.config.email.from,
      host: smtpHost(deps.config.email.smtpUrl),
    },
    webhook: { url: `${deps.config.publicUrl}/api/billing/webhooks/${provider.id}` },
    wallet: {
      apple: {
        configured: Boolean(wallet.apple),
        missing: wallet.missing.apple,
        webServiceUrl: `${deps.config.publicUrl}${APPLE_WEB_SERVICE_PATH}`,
      },
      google: { configured: Boolean(wallet.google), missing: wallet.missing.google },
    },
  };
}

/** The latest provider events received, as the billing module recorded them. */
export async function listWebhookDeliveries(db: Executor, limit = 25): Promise<WebhookDelivery[]> {
  const events = await db.select().from(webhookEvents).orderBy(desc(webhookEvents.receivedAt)).limit(limit);
  return events.map((event) => ({
    provider: event.provider,
    eventId: event.eventId,
    eventType: event.eventType,
    status: event.status,
    error: event.error,
    receivedAt: event.receivedAt.toISOString(),
  }));
}
