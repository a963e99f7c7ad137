import { randomUUID } from 'node:crypto';
import type { RouteEntry } from './route-table';
import type { WorldIds } from './adversarial-world';
import type { FieldHints } from './sample-input';

export const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Which real row a path parameter names, by the address up to it. A parameter that matches none
 * still gets random UUIDs and garbage; with a row here its handler also runs on real data.
 */
const REAL_PARAMETERS: Array<[RegExp, (ids: WorldIds) => string]> = [
  [/\/admin\/vendors\/:id$/, (ids) => ids.targetVendorId],
  [/\/admin\/users\/:id$/, (ids) => ids.targetUserId],
  [/\/admin\/cards\/:id$/, (ids) => ids.targetCardId],
  [/\/admin\/api-keys\/:id$/, (ids) => ids.apiKeyId],
  [/\/vendor\/api\/keys\/:id$/, (ids) => ids.vendorApiKeyId],
  [/\/vendor\/api\/webhooks\/:id$/, (ids) => ids.webhookEndpointId],
  [/\/v1\/customers\/:customerId$/, (ids) => ids.customerId],
  [/\/admin\/texts\/:language$/, () => 'ur'],
  [/\/automations\/:kind$/, () => 'welcome'],
  [/\/admin\/texts\/:language\/:key$/, (ids) => ids.textKey],
  [/\/vendor\/cards\/:(id|cardId)$/, (ids) => ids.cardId],
  [/\/vendor\/customers\/:userId$/, (ids) => ids.customerId],
  [/\/staff\/invitations\/:id$/, (ids) => ids.invitationId],
  [/\/staff\/members\/:userId$/, (ids) => ids.staffUserId],
  [/\/marketplace\/vendors\/:slug$/, (ids) => ids.vendorSlug],
  [/\/marketplace\/cards\/:cardId$/, (ids) => ids.cardId],
  [/\/rewards\/:rewardId$/, (ids) => ids.rewardId],
  [/\/checkout\/:sessionId$/, (ids) => ids.checkoutSessionId],
  [/\/sandbox-pay\/api\/:accountId$/, (ids) => ids.accountId],
  [/\/webhooks\/:provider$/, () => 'sandbox'],
  // Better Auth's own endpoints under /api/auth/*.
  [/\/auth\/\*$/, () => 'update-user'],
];

/** The parameters of an address, `:name` and a trailing `*`, in order. */
export function parameterNames(url: string): string[] {
  return [...url.matchAll(/:([A-Za-z0-9_]+)|\*/g)].map((match) => match[1] ?? '*');
}

export function realParameters(url: string, ids: WorldIds): Record<string, string> {
  const values: Record<string, string> = {};
  for (const name of parameterNames(url)) {
    const marker = name === '*' ? '*' : `:${name}`;
    const prefix = url.slice(0, url.indexOf(marker) + marker.length);
    const source = REAL_PARAMETERS.find(([pattern]) => pattern.test(prefix));
    values[name] = source ? source[1](ids) : '5b0f8a52-2f7a-4c6e-9a55-0d7c1b9e1f11';
  }
  return values;
}

/** The address with each parameter replaced by an already URL-encoded value. */
export function fillAddress(url: string, encoded: Record<string, string>): string {
  return url.replace(/:([A-Za-z0-9_]+)|\*/g, (match, name: string | undefined) => encoded[name ?? '*'] ?? match);
}

/**
 * Headers a request to the vendor API (/api/v1) carries besides the cookie: the vendor's key, as a
 * point of sale sends it, and a fresh Idempotency-Key, so hostile input reaches the handlers.
 */
export function apiKeyHeaders(url: string, apiKey: string): Record<string, string> {
  return url.startsWith('/api/v1/') ? { authorization: `Bearer ${apiKey}`, 'idempotency-key': randomUUID() } : {};
}

/** Real ids for body fields that name a row, so a generated body reaches it. */
export function fieldHints(ids: WorldIds): FieldHints {
  return {
    vendorId: ids.vendorId,
    cardId: ids.cardId,
    userId: ids.customerId,
    planId: 'premium',
    path: '/pricing',
    key: ids.textKey,
    // A card's earlier rewards must come before its last one: the sample card has none beside it.
    milestones: [],
    // A month that has begun and ended at the tests' clock (bills, the monthly report's PDF, text costs).
    month: '2026-01',
  };
}

/** Routes the fuzz suite calls: every write, and every read that takes parameters or a query. */
export function isFuzzed(route: RouteEntry): boolean {
  return (
    STATE_CHANGING.has(route.method) ||
    route.params !== undefined ||
    route.querystring !== undefined ||
    route.url.includes(':')
  );
}
