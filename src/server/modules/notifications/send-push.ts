import type { Agent } from 'node:https';
import webPush, { WebPushError } from 'web-push';

/** The application server's VAPID identity (RFC 8292): keys from settings, a contact for the push services. */
export interface VapidIdentity {
  publicKey: string;
  privateKey: string;
  /** mailto: or https: address the push services may contact. */
  subject: string;
}

/** A browser's subscription, as PushSubscription.toJSON() gives it. */
export interface StoredSubscription {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** What the service worker shows: a title, a line, the address a tap opens, and a tag that replaces older ones. */
export interface PushMessage {
  title: string;
  body: string;
  url: string;
  tag: string;
}

/**
 * delivered: the push service took it; gone: the subscription no longer exists (404 or 410) and
 * must be deleted; failed: try again later (the service was down, slow or refused it).
 */
export type PushOutcome = { outcome: 'delivered' } | { outcome: 'gone' } | { outcome: 'failed'; reason: string };

const SEND_TIMEOUT_MS = 10_000;

/** Encrypts (RFC 8291, aes128gcm) and posts one message to one subscription. */
export async function sendPush(
  subscription: StoredSubscription,
  message: PushMessage,
  vapid: VapidIdentity,
  options: {
    ttlSeconds: number;
    urgency: 'normal' | 'high';
    /** Tests trust their local push service's certificate. */
    agent?: Agent;
  },
): Promise<PushOutcome> {
  try {
    await webPush.sendNotification(
      { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
      JSON.stringify(message),
      {
        vapidDetails: vapid,
        TTL: options.ttlSeconds,
        urgency: options.urgency,
        contentEncoding: 'aes128gcm',
        timeout: SEND_TIMEOUT_MS,
        ...(options.agent ? { agent: options.agent } : {}),
      },
    );
    return { outcome: 'delivered' };
  } catch (error) {
    if (error instanceof WebPushError && (error.statusCode === 404 || error.statusCode === 410))
      return { outcome: 'gone' };
    const reason =
      error instanceof WebPushError ? `push service answered ${error.statusCode}` : (error as Error).message;
    return { outcome: 'failed', reason };
  }
}

/** A new VAPID key pair (base64url), for `npm run`-free set-up: printed once, kept in settings. */
export function generateVapidKeys(): { publicKey: string; privateKey: string } {
  return webPush.generateVAPIDKeys();
}
