import type {
  rateVisitRequestSchema,
  ratingSummarySchema,
  visitRatingSchema,
  visitsToRateSchema,
} from '@shared/vendors/feedback';
import type { ApiRoute } from './route';

/** Ratings after a visit (decision 038). Import it as a namespace: `import * as feedbackApi from '@shared/contract/feedback'`. */

/** Customer: their visits of the last 24 hours still to rate. */
export const visitsToRate: ApiRoute<'GET', '/api/feedback/visits', { response: typeof visitsToRateSchema }, 200> = {
  method: 'GET',
  path: '/api/feedback/visits',
};

/** Customer: rate one visit (a stamp of theirs), once. */
export const rateVisit: ApiRoute<
  'POST',
  '/api/feedback/visits/:stampId',
  { body: typeof rateVisitRequestSchema; response: typeof visitRatingSchema },
  201
> = { method: 'POST', path: '/api/feedback/visits/:stampId' };

/** Vendor staff: the vendor's own ratings. */
export const vendorRatings: ApiRoute<'GET', '/api/vendor/feedback', { response: typeof ratingSummarySchema }, 200> = {
  method: 'GET',
  path: '/api/vendor/feedback',
};

/** Admin: a vendor's ratings, when reviewing it. */
export const adminVendorRatings: ApiRoute<
  'GET',
  '/api/admin/vendors/:id/feedback',
  { response: typeof ratingSummarySchema },
  200
> = { method: 'GET', path: '/api/admin/vendors/:id/feedback' };
