import type {
  cardCodeSchema,
  collectStampRequestSchema,
  customerCodeLookupRequestSchema,
  customerCodeLookupSchema,
  issueStampRequestSchema,
  rotatingCodeSchema,
  stampResultSchema,
} from '@shared/stamps';
import { route } from './route';

/** Stamps: collecting at the counter, the customer's My QR code, and staff issuing by customer code. */
export const stampsApi = {
  collectStamp: route<{ body: typeof collectStampRequestSchema; response: typeof stampResultSchema }>()(
    'POST',
    '/api/stamps/collect',
  ),
  myCode: route<{ response: typeof rotatingCodeSchema }>()('POST', '/api/stamps/my-code'),
  demoCode: route<{ response: typeof cardCodeSchema }>()('POST', '/api/stamps/demo-code'),
  counterCode: route<{ response: typeof cardCodeSchema }>()('POST', '/api/vendor/cards/:cardId/counter-code'),
  lookupCustomerCode: route<{
    body: typeof customerCodeLookupRequestSchema;
    response: typeof customerCodeLookupSchema;
  }>()('POST', '/api/vendor/stamps/lookup'),
  issueStamp: route<{ body: typeof issueStampRequestSchema; response: typeof stampResultSchema }>()(
    'POST',
    '/api/vendor/stamps',
  ),
};
