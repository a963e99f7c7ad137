import { z } from 'zod';

/**
 * Ratings after a visit (issue 17, decision 038): 1 to 5 with an optional comment, once per
 * visit, within 24 hours of the stamp. Private to the vendor (and the admin reviewing it).
 */

export const RATING_WINDOW_HOURS = 24;
export const RATING_COMMENT_MAX = 500;
/** Weeks in the vendor's trend (Pakistan weeks, Monday first). */
export const RATING_TREND_WEEKS = 12;
/** Comments shown on the vendor's dashboard, newest first. */
export const RATING_COMMENTS_SHOWN = 20;

export const stampIdParamsSchema = z.object({
  stampId: z.uuid({ error: 'This is not a visit.' }),
});

export const rateVisitRequestSchema = z.object({
  rating: z
    .number({ error: 'Choose 1 to 5 stars.' })
    .int('Choose 1 to 5 stars.')
    .min(1, 'Choose 1 to 5 stars.')
    .max(5, 'Choose 1 to 5 stars.'),
  comment: z
    .string({ error: 'Write text or leave it empty.' })
    .trim()
    .max(RATING_COMMENT_MAX, `At most ${RATING_COMMENT_MAX} characters.`)
    .optional(),
});
export type RateVisitRequest = z.input<typeof rateVisitRequestSchema>;

export const visitRatingSchema = z.object({
  stampId: z.string(),
  rating: z.number(),
  comment: z.string().nullable(),
  createdAt: z.string(),
  /** The thanks to show. */
  message: z.string(),
});

/** Visits of the last 24 hours the customer has not rated yet. */
export const visitsToRateSchema = z.object({
  visits: z.array(
    z.object({
      stampId: z.string(),
      cardName: z.string(),
      vendorName: z.string(),
      issuedAt: z.string(),
      /** When the window to rate it closes. */
      rateBefore: z.string(),
    }),
  ),
});
export type VisitsToRate = z.infer<typeof visitsToRateSchema>;

/** What a vendor (or the admin reviewing it) sees of its ratings. */
export const ratingSummarySchema = z.object({
  count: z.number(),
  /** Null with no ratings yet. */
  average: z.number().nullable(),
  /** How many ratings gave 1, 2, 3, 4 and 5 stars. */
  distribution: z.array(z.number()),
  trend: z.array(z.object({ weekStart: z.string(), count: z.number(), average: z.number().nullable() })),
  comments: z.array(
    z.object({
      id: z.string(),
      rating: z.number(),
      comment: z.string(),
      cardName: z.string(),
      customer: z.string(),
      createdAt: z.string(),
    }),
  ),
});
export type RatingSummary = z.infer<typeof ratingSummarySchema>;
