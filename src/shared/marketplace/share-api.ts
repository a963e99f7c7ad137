import { z } from 'zod';
import { CARD_TYPES } from '@shared/cards/cards';

/** The vendor's "Share today's deal" panel (GET /api/vendor/share); decision 034. */
export const shareOverviewSchema = z.object({
  /** The plan includes social media integration (Premium and up). */
  allowed: z.boolean(),
  /** "This feature needs the Premium plan." when not allowed, else null. */
  lockedMessage: z.string().nullable(),
  /** The vendor's public page. */
  vendorUrl: z.string(),
  /** The vendor's live cards, today's deal first: what the square image can show. */
  cards: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      cardType: z.enum(CARD_TYPES),
      isDeal: z.boolean(),
      shareUrl: z.string(),
    }),
  ),
});
export type ShareOverview = z.infer<typeof shareOverviewSchema>;

export const todayDealQuerySchema = z.object({
  cardId: z.uuid({ error: 'cardId is not valid' }).optional(),
});

/** /og/vendor/<slug>.png */
export const vendorImageParamsSchema = z.object({
  file: z
    .string()
    .max(124, 'file is not valid')
    .regex(/^[a-z0-9-]{1,120}\.png$/, 'file is not valid'),
});

/** /og/deal/<card id>.png, or .jpg for Instagram */
export const cardImageParamsSchema = z.object({
  file: z
    .string()
    .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(png|jpg)$/i, 'file is not valid'),
});
