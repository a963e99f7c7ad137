import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { callAs } from '@server/modules/vendors/vendor-test-helpers';

/** The campaign a test sends unless it says otherwise: to every customer, at once. */
export const EID_CAMPAIGN = { subject: 'Eid offer', message: 'Double stamps all week.', segment: 'all' };

/** The owner creates the Eid campaign with the test's changes, which the API must accept. */
export async function createCampaign(app: FastifyInstance, cookie: string, changes: object = {}) {
  const response = await callAs(app, cookie, 'POST', '/api/vendor/campaigns', { ...EID_CAMPAIGN, ...changes });
  expect(response.statusCode).toBe(201);
  return response.json() as { id: string; holdOutPercent: number };
}
