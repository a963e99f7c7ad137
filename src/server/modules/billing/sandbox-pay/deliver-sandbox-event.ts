import type { SandboxEvent } from '@server/modules/billing/sandbox-event';
import { SANDBOX_SIGNATURE_HEADER, signSandboxPayload } from '@server/modules/billing/sandbox-signature';
import type { FetchLike } from '@server/modules/billing/sandbox-provider';

export interface DeliveryResult {
  delivered: boolean;
  status: number | null;
}

/**
 * Posts a signed event to the app's webhook endpoint over HTTP, at PUBLIC_URL, the way a hosted
 * provider would reach it from outside.
 */
export async function deliverSandboxEvent(
  target: { publicUrl: string; webhookSecret: string },
  event: SandboxEvent,
  fetchImpl: FetchLike = fetch,
): Promise<DeliveryResult> {
  const body = JSON.stringify(event);
  try {
    const response = await fetchImpl(`${target.publicUrl}/api/billing/webhooks/sandbox`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [SANDBOX_SIGNATURE_HEADER]: signSandboxPayload(target.webhookSecret, body),
      },
      body,
      signal: AbortSignal.timeout(15_000),
    });
    await response.arrayBuffer().catch(() => undefined);
    return { delivered: response.ok, status: response.status };
  } catch {
    return { delivered: false, status: null };
  }
}
