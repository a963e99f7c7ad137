import { callApi } from '@client/lib/api-client';
import * as stampsApi from '@shared/stamps/contract';

/** Demo mode: the server mints a counter code for a random card of the customer. */
export function getDemoCode() {
  return callApi(stampsApi.demoCode);
}
