import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { BRAND } from '@shared/brand';
import { WEBHOOK_SIGNATURE_HEADER } from '@shared/api/vendor-api';
import { resolveWebhookTarget, type WebhookTargetPolicy } from '@server/lib/outbound-target';

/** A receiver has this long to answer; a slow one is tried again later. */
export const WEBHOOK_TIMEOUT_MS = 10_000;

export interface WebhookPost {
  url: string;
  body: string;
  signature: string;
  eventId: string;
  eventType: string;
}

export type PostOutcome = { ok: true; statusCode: number } | { ok: false; statusCode: number | null; error: string };

/**
 * Posts one signed delivery to the address checked by resolveWebhookTarget, never following a
 * redirect (a receiver cannot bounce the call somewhere private). 2xx is delivered; anything else,
 * a timeout or a refused target is a failure with a short reason for the delivery log.
 */
export async function postWebhook(post: WebhookPost, policy: WebhookTargetPolicy): Promise<PostOutcome> {
  const url = new URL(post.url);
  let target;
  try {
    target = await resolveWebhookTarget(url, policy);
  } catch (error) {
    return { ok: false, statusCode: null, error: (error as Error).message };
  }
  // Connect to the checked address, whatever the name answers now (DNS rebinding).
  const pinnedLookup: LookupFunction = (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<PostOutcome>((resolve) => {
    const request = client.request(
      url,
      {
        method: 'POST',
        lookup: pinnedLookup,
        timeout: WEBHOOK_TIMEOUT_MS,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(post.body),
          'user-agent': `${BRAND.name}-Webhooks/1`,
          [WEBHOOK_SIGNATURE_HEADER.toLowerCase()]: post.signature,
          'chaska-event-id': post.eventId,
          'chaska-event-type': post.eventType,
        },
      },
      (response) => {
        // The answer's body is not needed; read it away so the socket is freed.
        response.resume();
        response.on('end', () => {
          const statusCode = response.statusCode ?? 0;
          resolve(
            statusCode >= 200 && statusCode < 300
              ? { ok: true, statusCode }
              : { ok: false, statusCode, error: `The receiver answered ${statusCode}.` },
          );
        });
        response.on('error', (error) =>
          resolve({ ok: false, statusCode: response.statusCode ?? null, error: error.message }),
        );
      },
    );
    const deadline = setTimeout(
      () => request.destroy(new Error('The receiver did not answer within 10 seconds.')),
      WEBHOOK_TIMEOUT_MS,
    );
    request.on('timeout', () => request.destroy(new Error('The receiver did not answer within 10 seconds.')));
    request.on('error', (error) => resolve({ ok: false, statusCode: null, error: error.message.slice(0, 300) }));
    request.on('close', () => clearTimeout(deadline));
    request.end(post.body);
  });
}
