import { z } from 'zod';

/**
 * Web Push (decision 042) as both sides see it: the server's public VAPID key the browser
 * subscribes with (null while push is not configured), and the subscription the browser hands
 * over (PushSubscription.toJSON()).
 */
export const pushKeySchema = z.object({ publicKey: z.string().nullable() });
export type PushKey = z.infer<typeof pushKeySchema>;

const subscriptionInvalid = { error: 'The push subscription is not valid. Please allow notifications again.' };

export const pushEndpointSchema = z.object({
  endpoint: z.string(subscriptionInvalid).trim().min(1, subscriptionInvalid).max(2048, subscriptionInvalid),
});

export const pushSubscriptionSchema = pushEndpointSchema.extend({
  keys: z.object(
    {
      // A P-256 public point (65 bytes) and a 16-byte secret, base64url without padding.
      p256dh: z.string(subscriptionInvalid).regex(/^[A-Za-z0-9_-]{87}$/, subscriptionInvalid),
      auth: z.string(subscriptionInvalid).regex(/^[A-Za-z0-9_-]{22}$/, subscriptionInvalid),
    },
    subscriptionInvalid,
  ),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

/** Browsers and installed apps one account may keep subscribed; a new one beyond this replaces the oldest. */
export const MAX_PUSH_SUBSCRIPTIONS_PER_USER = 10;

/** What the server sends by push (decision 043): each follows its e-mail's category and has its own toggle. */
export const PUSH_TYPES = ['stamp', 'reward', 'daily_chaska', 'vendor_message'] as const;
export type PushType = (typeof PUSH_TYPES)[number];
