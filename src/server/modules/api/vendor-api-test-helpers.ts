import type { FastifyInstance } from 'fastify';
import type { ApiScope } from '@shared/api/vendor-api';
import type { SignedInUser } from '@server/test/factories';

/** Test support for the vendor API suites (not a test file itself). */

/** The API & Webhooks page's New key form, sent as this account, whatever the answer. */
export function requestApiKey(app: FastifyInstance, cookie: string, form: object) {
  return app.inject({ method: 'POST', url: '/api/vendor/api/keys', headers: { cookie }, payload: form });
}

export async function createKeyAs(
  app: FastifyInstance,
  owner: SignedInUser,
  options: { name?: string; scopes?: ApiScope[]; rateLimitPerMinute?: number } = {},
): Promise<{ key: string; id: string }> {
  const response = await requestApiKey(app, owner.cookie, {
    name: options.name ?? 'Counter POS',
    scopes: options.scopes ?? ['read', 'stamp', 'redeem'],
    ...(options.rateLimitPerMinute ? { rateLimitPerMinute: options.rateLimitPerMinute } : {}),
  });
  if (response.statusCode !== 201) throw new Error(`key failed: ${response.statusCode} ${response.body}`);
  return { key: response.json().key, id: response.json().apiKey.id };
}

/** A call of the vendor API the way a point of sale makes it: the key in a header, no cookie. */
export function apiCall(
  app: FastifyInstance,
  key: string | null,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  options: { payload?: object; idempotencyKey?: string } = {},
) {
  return app.inject({
    method,
    url,
    headers: {
      ...(key ? { authorization: `Bearer ${key}` } : {}),
      ...(options.idempotencyKey ? { 'idempotency-key': options.idempotencyKey } : {}),
    },
    ...(options.payload ? { payload: options.payload } : {}),
  });
}
