import type {
  cardCodeSchema,
  collectStampRequestSchema,
  customerCodeLookupRequestSchema,
  customerCodeLookupSchema,
  issueStampRequestSchema,
  rotatingCodeSchema,
  stampResultSchema,
} from '@shared/stamps/stamps';
import type { ApiRoute } from './route';

/** Stamps: collecting at the counter, the customer's My QR code, and staff issuing by customer code. Import it as a namespace: `import * as stampsApi from '@shared/contract/stamps'`. */

export const collectStamp: ApiRoute<
  'POST',
  '/api/stamps/collect',
  { body: typeof collectStampRequestSchema; response: typeof stampResultSchema },
  200
> = {
  method: 'POST',
  path: '/api/stamps/collect',
};

export const myCode: ApiRoute<'POST', '/api/stamps/my-code', { response: typeof rotatingCodeSchema }, 200> = {
  method: 'POST',
  path: '/api/stamps/my-code',
};

export const demoCode: ApiRoute<'POST', '/api/stamps/demo-code', { response: typeof cardCodeSchema }, 200> = {
  method: 'POST',
  path: '/api/stamps/demo-code',
};

export const counterCode: ApiRoute<
  'POST',
  '/api/vendor/cards/:cardId/counter-code',
  { response: typeof cardCodeSchema },
  200
> = {
  method: 'POST',
  path: '/api/vendor/cards/:cardId/counter-code',
};

export const lookupCustomerCode: ApiRoute<
  'POST',
  '/api/vendor/stamps/lookup',
  { body: typeof customerCodeLookupRequestSchema; response: typeof customerCodeLookupSchema },
  200
> = {
  method: 'POST',
  path: '/api/vendor/stamps/lookup',
};

export const issueStamp: ApiRoute<
  'POST',
  '/api/vendor/stamps',
  { body: typeof issueStampRequestSchema; response: typeof stampResultSchema },
  200
> = {
  method: 'POST',
  path: '/api/vendor/stamps',
};
