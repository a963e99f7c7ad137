import { z } from 'zod';

/**
 * What the live stream (GET /api/live, server-sent events) tells a signed-in customer. Each event
 * is sent as `event: <type>` with the JSON below as data; screens refresh what the event touches.
 */
export const liveEventSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('stamp.collected'),
    userCardId: z.string(),
    cardId: z.string(),
    cardName: z.string(),
    vendorName: z.string(),
    stampsCollected: z.number(),
    stampsRequired: z.number(),
    /** Set when this stamp completed the card. */
    rewardId: z.string().nullable(),
    /** Stamps of this order (several for a family's order). */
    quantity: z.number().int().default(1),
  }),
  z.object({
    type: z.literal('reward.redeemed'),
    rewardId: z.string(),
    userCardId: z.string().nullable(),
    redeemedAt: z.string(),
  }),
  z.object({ type: z.literal('cards.changed') }),
  /** To the vendor's owner and staff: a counter code was scanned, so its screen shows the next one. */
  z.object({ type: z.literal('counter_code.used'), cardId: z.string(), codeId: z.string() }),
  /**
   * To the vendor's owner and staff: a customer collected a stamp at the counter (its code, or one
   * held while they signed in), so the counter tablet confirms it ("Bilal: 4 of 10").
   */
  z.object({
    type: z.literal('counter.stamped'),
    cardId: z.string(),
    /** The customer's first name; empty when they have not given one. */
    firstName: z.string(),
    stampsCollected: z.number(),
    stampsRequired: z.number(),
  }),
]);
export type LiveEvent = z.infer<typeof liveEventSchema>;
export type LiveEventType = LiveEvent['type'];
export const LIVE_EVENT_TYPES: readonly LiveEventType[] = [
  'stamp.collected',
  'reward.redeemed',
  'cards.changed',
  'counter_code.used',
  'counter.stamped',
];

/** The stream's keep-alive comment interval (SPEC.md: realtime heartbeat 25 s). */
export const LIVE_HEARTBEAT_MS = 25_000;
