import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailPreferences } from '@server/db/schema';
import { sandboxEvent } from '@server/modules/billing/billing-test-helpers';
import { SANDBOX_SIGNATURE_HEADER, signSandboxPayload } from '@server/modules/billing/sandbox-signature';
import { unsubscribeUrl } from '@server/modules/notifications/unsubscribe-link';
import { createAdversarialWorld, restoreActor, type AdversarialWorld } from './adversarial-world';
import { afterEffectsSettled, startAdversarialApp } from './adversarial-app';
import { changedTables, createFingerprinter } from './database-fingerprint';
import { fieldHints, fillAddress, realParameters, STATE_CHANGING } from './route-requests';
import { routeName } from './route-table';
import { sampleInput } from './sample-input';

/**
 * Every state-changing route, called with a valid session cookie from another site or with a
 * body a page on another site can send without asking (a form, text/plain): 403, and not one
 * table changes. Only the routes that authorise writes themselves are let through, and they are
 * exactly the list below.
 */
const suite = await startAdversarialApp();
const db = suite.database.db;
const fingerprint = createFingerprinter(db);
let world: AdversarialWorld;

const EVIL_ORIGIN = 'https://evil.example';
const GUARD_CODES = ['cross_site_request', 'json_required'];
const EXPECTED_EXCEPTIONS = [
  'POST /api/billing/webhooks/:provider',
  'POST /api/webhooks/sms',
  'POST /api/webhooks/whatsapp',
  'POST /sandbox-pay/checkout/:sessionId/cancel',
  'POST /sandbox-pay/checkout/:sessionId/pay',
  'POST /unsubscribe',
];

beforeAll(async () => {
  world = await createAdversarialWorld(suite.app, db, suite.config, suite.clock.now());
}, 120_000);

afterAll(async () => {
  await suite.close();
});

const writes = suite.routes.filter((route) => STATE_CHANGING.has(route.method));
const guarded = writes.filter((route) => !route.config.crossSiteWrites);

function errorCodeOf(response: LightMyRequestResponse): string | undefined {
  try {
    return (response.json() as { error?: { code?: string } }).error?.code;
  } catch {
    return undefined;
  }
}

describe('cross-site request forgery', () => {
  it('lets only the signed webhooks, the sandbox checkout forms and one-click unsubscribe keep their own rules', () => {
    expect(
      writes
        .filter((route) => route.config.crossSiteWrites)
        .map(routeName)
        .sort(),
    ).toEqual(EXPECTED_EXCEPTIONS);
    expect(guarded.length).toBeGreaterThan(50);
  });

  for (const route of guarded) {
    it(`${routeName(route)}: refused from another site or as a form, and nothing changes`, async () => {
      await restoreActor(suite.app, db, world);
      const url = fillAddress(route.url, realParameters(route.url, world.ids));
      const json = JSON.stringify(route.body ? sampleInput(route.body, fieldHints(world.ids)).value : {});
      const attempts = [
        {
          label: 'JSON from another origin',
          headers: { origin: EVIL_ORIGIN, 'content-type': 'application/json' },
          payload: json,
          code: 'cross_site_request',
        },
        {
          label: 'text/plain from another origin',
          headers: { origin: EVIL_ORIGIN, 'content-type': 'text/plain' },
          payload: json,
          code: 'cross_site_request',
        },
        {
          label: 'a form from another origin',
          headers: { origin: EVIL_ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
          payload: 'a=1',
          code: 'cross_site_request',
        },
        {
          label: 'JSON that the browser marks cross-site',
          headers: { 'sec-fetch-site': 'cross-site', 'content-type': 'application/json' },
          payload: json,
          code: 'cross_site_request',
        },
        {
          label: 'text/plain from our own origin',
          headers: { origin: suite.ownOrigin, 'content-type': 'text/plain' },
          payload: json,
          code: 'json_required',
        },
        {
          label: 'a form from our own origin',
          headers: { origin: suite.ownOrigin, 'content-type': 'application/x-www-form-urlencoded' },
          payload: 'a=1',
          code: 'json_required',
        },
        {
          label: 'multipart from our own origin',
          headers: { origin: suite.ownOrigin, 'content-type': 'multipart/form-data; boundary=x' },
          payload: '--x--',
          code: 'json_required',
        },
      ];

      // Mail queued after the previous route's own answer lands first, not inside this comparison.
      await afterEffectsSettled(suite.app);
      const before = await fingerprint();
      const answers: string[] = [];
      for (const attempt of attempts) {
        const response = await suite.app.inject({
          method: route.method as 'POST',
          url,
          headers: { cookie: world.actor.cookie, ...attempt.headers },
          payload: attempt.payload,
        });
        answers.push(`${attempt.label}: ${response.statusCode} ${errorCodeOf(response) ?? ''}`.trim());
        expect(answers.at(-1)).toBe(`${attempt.label}: 403 ${attempt.code}`);
      }
      expect(changedTables(before, await fingerprint())).toEqual([]);

      // The same request from our own page gets past the check, whatever the handler then says.
      const own = await suite.app.inject({
        method: route.method as 'POST',
        url,
        headers: { cookie: world.actor.cookie, origin: suite.ownOrigin, 'content-type': 'application/json' },
        payload: json,
      });
      expect(GUARD_CODES).not.toContain(errorCodeOf(own));
    }, 60_000);
  }

  it('lets a mail client post the one-click unsubscribe form, cookie and all', async () => {
    await restoreActor(suite.app, db, world);
    const link = new URL(unsubscribeUrl(suite.ownOrigin, suite.config.sessionSecret, world.actor.id));
    const response = await suite.app.inject({
      method: 'POST',
      url: `${link.pathname}${link.search}`,
      headers: { cookie: world.actor.cookie, origin: 'null', 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(response.statusCode, response.body).toBe(200);
    const [preferences] = await db.select().from(emailPreferences).where(eq(emailPreferences.userId, world.actor.id));
    expect(preferences?.unsubscribed).toBe(true);
  });

  it("lets the sandbox checkout page's Cancel form post, cookie and all", async () => {
    await restoreActor(suite.app, db, world);
    const response = await suite.app.inject({
      method: 'POST',
      url: `/sandbox-pay/checkout/${world.ids.checkoutSessionId}/cancel`,
      headers: {
        cookie: world.actor.cookie,
        origin: suite.ownOrigin,
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: '',
    });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`${suite.ownOrigin}/payment/cancel`);
  });

  it('lets a point of sale call the vendor API with its key, from any origin, since no cookie authorises it', async () => {
    await restoreActor(suite.app, db, world);
    const response = await suite.app.inject({
      method: 'POST',
      url: '/api/v1/customers/lookup',
      headers: { authorization: `Bearer ${world.apiKey}`, origin: EVIL_ORIGIN, 'content-type': 'application/json' },
      payload: JSON.stringify({ customerCode: 'K7QF-2MXD' }),
    });
    // Past every guard to the handler: the made-up customer code is what it refuses.
    expect([response.statusCode, errorCodeOf(response)]).toEqual([400, 'invalid_code']);
  });

  it('lets a signed payment webhook in, whatever cookie or origin comes with it', async () => {
    const body = JSON.stringify(
      sandboxEvent({
        type: 'renewal_paid',
        vendorId: world.ids.vendorId,
        planId: 'enterprise',
        created: suite.clock.now(),
      }),
    );
    const response = await suite.app.inject({
      method: 'POST',
      url: '/api/billing/webhooks/sandbox',
      headers: {
        cookie: world.actor.cookie,
        origin: EVIL_ORIGIN,
        'content-type': 'text/plain',
        [SANDBOX_SIGNATURE_HEADER]: signSandboxPayload(suite.config.payments.webhookSecret, body),
      },
      payload: body,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().received).toBe(true);
  });
});
