import type { customerDashboardSchema, sampleCardsResultSchema } from '@shared/customer';
import { route } from './route';

/** The customer's /user dashboard and demo-mode sample cards. */
export const customerApi = {
  dashboard: route<{ response: typeof customerDashboardSchema }>()('GET', '/api/customer/dashboard'),
  addSampleCards: route<{ response: typeof sampleCardsResultSchema }>()('POST', '/api/customer/sample-cards'),
};
