import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { API_KEYS_CREATED_PER_DAY, MAX_ACTIVE_API_KEYS } from '@shared/api/vendor-api';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { describe, expect, it } from 'vitest';
import {
  apiKeys,
  auditLog,
  loyaltyCards,
  rewards,
  stamps,
  userCards,
  vendorMembers,
  vendors,
  walletPasses,
} from '@server/db/schema';
import { useTestApp } from '@server/test/build-test-app';
import { createCard, createVendor, signUpUser } from '@server/test/factories';
import { signUpAdmin } from '@server/test/admin-test-helpers';
import { stampCodeKey, walletPassCode } from '@server/modules/stamps/stamp-codes';
import { customerCodeOf, setUpVendorWithCard } from '@server/modules/stamps/stamp-test-helpers';
import { apiCall, createKeyAs, requestApiKey } from './vendor-api-test-helpers';

const context = useTestApp();
const db = () => context.database.db;

async function enterpriseCounter(options: { stampsRequired?: number } = {}) {
  const setup = await setUpVendorWithCard(context.app, db(), {
    plan: 'enterprise',
    stampsRequired: options.stampsRequired ?? 3,
  });
  const { key, id } = await createKeyAs(context.app, setup.owner);
  const customer = await signUpUser(context.app, { name: 'Ayesha' });
  return { ...setup, key, keyId: id, customer };
}

async function stampWith(key: string, cardId: string, customerCode: string, idempotencyKey = randomUUID()) {
  return apiCall(context.app, key, 'POST', '/api/v1/stamps', { payload: { customerCode, cardId }, idempotencyKey });
}

/** An Enterprise counter whose customer has just earned a one-stamp card's reward through the API. */
async function counterWithEarnedReward() {
  const counter = await enterpriseCounter({ stampsRequired: 1 });
  const customerCode = (await customerCodeOf(context.app, counter.customer.cookie)).qrPayload;
  const stamped = await stampWith(counter.key, counter.card.id, customerCode);
  return { ...counter, rewardId: stamped.json().reward.id as string };
}

/** The customer's rewards as the API lists them to this key, in one status or its default. */
async function rewardsListed(key: string, customerId: string, status?: string) {
  const query = status ? `?status=${status}` : '';
  const listed = await apiCall(context.app, key, 'GET', `/api/v1/customers/${customerId}/rewards${query}`);
  return listed.json().rewards as { id: string; status: string; expiresAt: string | null }[];
}

describe('API keys on the vendor API & Webhooks page', () => {
  it('lets the owner of an Enterprise vendor create a key shown once and stored hashed, then revoke it', async () => {
    const { owner } = await setUpVendorWithCard(context.app, db(), { plan: 'enterprise' });
    const created = await requestApiKey(context.app, owner.cookie, {
      name: 'Counter POS',
      scopes: ['read', 'stamp'],
      rateLimitPerMinute: 60,
    });
    expect(created.statusCode).toBe(201);
    expect(created.headers['cache-control']).toBe('no-store');
    const { key, apiKey } = created.json();
    expect(key).toMatch(/^chk_live_/);
    expect(apiKey).toMatchObject({
      name: 'Counter POS',
      scopes: ['read', 'stamp'],
      rateLimitPerMinute: 60,
      revokedAt: null,
    });
    const overview = await context.app.inject({
      method: 'GET',
      url: '/api/vendor/api',
      headers: { cookie: owner.cookie },
    });
    expect(overview.json().access).toEqual({ allowed: true, message: null, canManage: true });
    expect(overview.json().keys.map((each: { id: string }) => each.id)).toContain(apiKey.id);
    expect(overview.body).not.toContain(key);
    const [stored] = await db().select().from(apiKeys).where(eq(apiKeys.id, apiKey.id));
    expect(stored!.keyHash).not.toContain(key.slice(9));

    expect((await apiCall(context.app, key, 'GET', '/api/v1/me')).statusCode).toBe(200);
    const revoked = await context.app.inject({
      method: 'POST',
      url: `/api/vendor/api/keys/${apiKey.id}/revoke`,
      headers: { cookie: owner.cookie },
    });
    expect(revoked.json().revokedAt).toBe(context.clock.now().toISOString());
    const refused = await apiCall(context.app, key, 'GET', '/api/v1/me');
    expect([refused.statusCode, refused.json().error.code]).toEqual([401, 'api_key_revoked']);
  });

  it('caps the keys a vendor holds and makes in a day, admins included, so keys cannot be multiplied', async () => {
    const { owner, vendor } = await setUpVendorWithCard(context.app, db(), { plan: 'enterprise' });
    const create = (name: string) => requestApiKey(context.app, owner.cookie, { name, scopes: ['read'] });
    const revoke = (id: string) =>
      context.app.inject({
        method: 'POST',
        url: `/api/vendor/api/keys/${id}/revoke`,
        headers: { cookie: owner.cookie },
      });
    const made: string[] = [];
    for (let index = 0; index < MAX_ACTIVE_API_KEYS; index += 1)
      made.push((await createKeyAs(context.app, owner, { name: `Till ${index}` })).id);
    const eleventh = await create('One too many');
    expect([eleventh.statusCode, eleventh.json().error.code]).toEqual([409, 'too_many_api_keys']);
    expect(eleventh.json().error.message).toBe(
      'A vendor can hold at most 10 API keys. Revoke a key you no longer use first.',
    );
    const admin = await signUpAdmin(context.app, db());
    const byAdmin = await context.app.inject({
      method: 'POST',
      url: '/api/admin/api-keys',
      headers: { cookie: admin.cookie },
      payload: { vendorId: vendor.id, name: 'From the admin' },
    });
    expect(byAdmin.statusCode).toBe(409);
    // Revoking and making keys again is limited per 24 hours, revoked keys counted.
    for (let index = MAX_ACTIVE_API_KEYS; index < API_KEYS_CREATED_PER_DAY; index += 1) {
      expect((await revoke(made.shift()!)).statusCode).toBe(200);
      made.push((await createKeyAs(context.app, owner, { name: `Till ${index}` })).id);
    }
    expect((await revoke(made.shift()!)).statusCode).toBe(200);
    const churned = await create('Yet another');
    expect([churned.statusCode, churned.json().error.code]).toEqual([429, 'rate_limited']);
    const active = await db()
      .select()
      .from(apiKeys)
      .where(and(eq(apiKeys.vendorId, vendor.id), isNull(apiKeys.revokedAt)));
    expect(active).toHaveLength(MAX_ACTIVE_API_KEYS - 1);
    context.clock.advance(24 * 60 * 60 * 1000 + 1);
    expect((await create('Next day')).statusCode).toBe(201);
  });

  it('refuses a lower plan on the server with the plan and a link to billing, and names bad fields', async () => {
    const owner = await signUpUser(context.app, { name: 'Owais' });
    await createVendor(db(), { ownerUserId: owner.id, plan: 'premium' });
    const refused = await requestApiKey(context.app, owner.cookie, { name: 'POS', scopes: ['read'] });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('plan_required');
    expect(refused.json().error.message).toBe(
      'This feature needs the Enterprise plan. Upgrade on Billing: http://localhost:3000/vendor/billing',
    );
    const overview = await context.app.inject({
      method: 'GET',
      url: '/api/vendor/api',
      headers: { cookie: owner.cookie },
    });
    expect(overview.json().access).toMatchObject({
      allowed: false,
      message: 'This feature needs the Enterprise plan.',
    });

    const { owner: enterpriseOwner } = await setUpVendorWithCard(context.app, db(), { plan: 'enterprise' });
    const bad = await requestApiKey(context.app, enterpriseOwner.cookie, {
      name: 'POS',
      scopes: [],
      rateLimitPerMinute: 1,
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields).sort()).toEqual(['rateLimitPerMinute', 'scopes']);
  });

  it('lets only the owner manage keys; staff are refused', async () => {
    const { vendor } = await setUpVendorWithCard(context.app, db(), { plan: 'enterprise' });
    const staff = await signUpUser(context.app, { name: 'Sana' });
    await db().insert(vendorMembers).values({ vendorId: vendor.id, userId: staff.id, role: 'staff' });
    const response = await requestApiKey(context.app, staff.cookie, { name: 'POS', scopes: ['read'] });
    expect(response.statusCode).toBe(403);
    const overview = await context.app.inject({
      method: 'GET',
      url: '/api/vendor/api',
      headers: { cookie: staff.cookie },
    });
    expect(overview.json().access.canManage).toBe(false);
  });
});

describe('authenticating a key', () => {
  it('refuses no key, an unknown key and a key of another scope with a clear error', async () => {
    const { owner, card } = await enterpriseCounter();
    const none = await apiCall(context.app, null, 'GET', '/api/v1/cards');
    expect([none.statusCode, none.json().error.code]).toEqual([401, 'api_key_required']);
    const unknown = await apiCall(context.app, 'chk_live_not-a-real-key', 'GET', '/api/v1/cards');
    expect([unknown.statusCode, unknown.json().error.code]).toEqual([401, 'invalid_api_key']);
    const readOnly = await createKeyAs(context.app, owner, { scopes: ['read'] });
    const stamp = await stampWith(readOnly.key, card.id, 'K7QF-2MXD');
    expect([stamp.statusCode, stamp.json().error.code]).toEqual([403, 'insufficient_scope']);
    expect(stamp.json().error.message).toContain('"stamp" scope');
    const redeem = await apiCall(context.app, readOnly.key, 'POST', '/api/v1/rewards/redeem', {
      payload: { rewardCode: 'K7QF-2MXD' },
      idempotencyKey: randomUUID(),
    });
    expect(redeem.json().error.code).toBe('insufficient_scope');
  });

  it('stops working with a clear 403 when the vendor leaves Enterprise, is suspended or closes', async () => {
    const { vendor, key } = await enterpriseCounter();
    await db().update(vendors).set({ subscriptionPlan: 'premium' }).where(eq(vendors.id, vendor.id));
    const downgraded = await apiCall(context.app, key, 'GET', '/api/v1/cards');
    expect(downgraded.statusCode).toBe(403);
    expect(downgraded.json().error).toEqual({
      code: 'plan_required',
      message: 'This feature needs the Enterprise plan. Upgrade on Billing: http://localhost:3000/vendor/billing',
    });
    await db()
      .update(vendors)
      .set({ subscriptionPlan: 'enterprise', subscriptionStatus: 'canceled' })
      .where(eq(vendors.id, vendor.id));
    expect((await apiCall(context.app, key, 'GET', '/api/v1/cards')).json().error.code).toBe('plan_required');
    await db()
      .update(vendors)
      .set({ subscriptionStatus: 'active', status: 'suspended' })
      .where(eq(vendors.id, vendor.id));
    const suspended = await apiCall(context.app, key, 'GET', '/api/v1/cards');
    expect([suspended.statusCode, suspended.json().error.code]).toEqual([403, 'vendor_unavailable']);
    await db()
      .update(vendors)
      .set({ status: 'approved', closedAt: context.clock.now() })
      .where(eq(vendors.id, vendor.id));
    expect((await apiCall(context.app, key, 'GET', '/api/v1/cards')).json().error.message).toContain(
      'closed its account',
    );
    await db().update(vendors).set({ closedAt: null }).where(eq(vendors.id, vendor.id));
    expect((await apiCall(context.app, key, 'GET', '/api/v1/cards')).statusCode).toBe(200);
  });

  it('limits each key to its requests per minute, with Retry-After', async () => {
    const { owner } = await enterpriseCounter();
    const { key } = await createKeyAs(context.app, owner, { rateLimitPerMinute: 10 });
    for (let index = 0; index < 10; index += 1)
      expect((await apiCall(context.app, key, 'GET', '/api/v1/me')).statusCode).toBe(200);
    const limited = await apiCall(context.app, key, 'GET', '/api/v1/me');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('rate_limited');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    context.clock.advance(61_000);
    expect((await apiCall(context.app, key, 'GET', '/api/v1/me')).statusCode).toBe(200);
  });

  it('records the last-used time after an accepted request, at most once a minute', async () => {
    const { keyId, key } = await enterpriseCounter();
    const lastUsed = async () => (await db().select().from(apiKeys).where(eq(apiKeys.id, keyId)))[0]!.lastUsedAt;
    expect(await lastUsed()).toBeNull();
    // A refused request (bad input) does not count as a use.
    expect((await apiCall(context.app, key, 'GET', '/api/v1/activity?date=yesterday')).statusCode).toBe(400);
    expect(await lastUsed()).toBeNull();
    const first = context.clock.now();
    await apiCall(context.app, key, 'GET', '/api/v1/me');
    expect(await lastUsed()).toEqual(first);
    context.clock.advance(30_000);
    await apiCall(context.app, key, 'GET', '/api/v1/me');
    expect(await lastUsed()).toEqual(first);
    context.clock.advance(31_000);
    await apiCall(context.app, key, 'GET', '/api/v1/me');
    expect(await lastUsed()).toEqual(context.clock.now());
  });
});

describe('the point-of-sale flow', () => {
  it('looks a customer up by their code, with bad input named', async () => {
    const { key, card, customer } = await enterpriseCounter();
    const code = await customerCodeOf(context.app, customer.cookie);
    const found = await apiCall(context.app, key, 'POST', '/api/v1/customers/lookup', {
      payload: { customerCode: code.typedCode },
    });
    expect(found.statusCode).toBe(200);
    expect(found.json()).toEqual({
      customer: { id: customer.id, name: 'Ayesha' },
      cards: [{ cardId: card.id, name: card.name, stampsRequired: 3, stampsCollected: null, rewardPending: false }],
    });
    const missing = await apiCall(context.app, key, 'POST', '/api/v1/customers/lookup', { payload: {} });
    expect([missing.statusCode, Object.keys(missing.json().error.fields)]).toEqual([400, ['customerCode']]);
    const invalid = await apiCall(context.app, key, 'POST', '/api/v1/customers/lookup', {
      payload: { customerCode: 'nonsense' },
    });
    expect([invalid.statusCode, invalid.json().error.code]).toEqual([400, 'invalid_code']);
  });

  it('stamps once per Idempotency-Key: a retry answers the same, another body is a 422, no key is a 400', async () => {
    const { key, card, customer, vendor } = await enterpriseCounter();
    const code = (await customerCodeOf(context.app, customer.cookie)).qrPayload;
    const idempotencyKey = randomUUID();
    const first = await stampWith(key, card.id, code, idempotencyKey);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      card: { id: card.id, stampsCollected: 1, stampsRequired: 3, status: 'active' },
      reward: null,
      customer: { id: customer.id, name: 'Ayesha' },
      message: expect.any(String),
    });
    const retry = await stampWith(key, card.id, code, idempotencyKey);
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    // A retry after the customer code expired still gets the stored answer: the code is read after it.
    context.clock.advance(10 * 60_000);
    const late = await stampWith(key, card.id, code, idempotencyKey);
    expect([late.statusCode, late.headers['idempotent-replayed']]).toEqual([200, 'true']);
    const otherCard = await createCard(db(), vendor.id, { name: 'Other', minStampIntervalMinutes: 0 });
    const reused = await stampWith(key, otherCard.id, code, idempotencyKey);
    expect([reused.statusCode, reused.json().error.code]).toEqual([422, 'idempotency_key_reused']);
    const noKey = await apiCall(context.app, key, 'POST', '/api/v1/stamps', {
      payload: { customerCode: code, cardId: card.id },
    });
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().error.fields).toHaveProperty('Idempotency-Key');
    const badBody = await apiCall(context.app, key, 'POST', '/api/v1/stamps', {
      payload: { customerCode: code, cardId: 'not-a-card' },
      idempotencyKey: randomUUID(),
    });
    expect([badBody.statusCode, Object.keys(badBody.json().error.fields)]).toEqual([400, ['cardId']]);
    expect(await db().select().from(stamps).where(eq(stamps.cardId, card.id))).toHaveLength(1);
    // The audit log names the key, not a person.
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'stamp.issue'), eq(auditLog.vendorId, vendor.id)));
    expect(audit!.actorEmail).toMatch(/^API key chk_live_.{6}… \(Counter POS\)$/);
  });

  it('keeps the counter rules: a refusal is not stored, so a retry runs again', async () => {
    const { key, card, customer } = await enterpriseCounter();
    const first = await stampWith(key, card.id, (await customerCodeOf(context.app, customer.cookie)).qrPayload);
    expect(first.statusCode).toBe(200);
    // The same customer code again on the same card: one stamp per code and card, as at the counter.
    const code = (await customerCodeOf(context.app, customer.cookie)).qrPayload;
    const idempotencyKey = randomUUID();
    await db().update(userCards).set({ status: 'completed' }).where(eq(userCards.userId, customer.id));
    const pending = await stampWith(key, card.id, code, idempotencyKey);
    expect([pending.statusCode, pending.json().error.code]).toEqual([409, 'reward_pending']);
    await db().update(userCards).set({ status: 'active' }).where(eq(userCards.userId, customer.id));
    const again = await stampWith(key, card.id, code, idempotencyKey);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
  });

  it('lists an expired reward as expired, never as waiting at the counter', async () => {
    const { key, card, customer } = await enterpriseCounter({ stampsRequired: 1 });
    await db().update(loyaltyCards).set({ rewardExpiryDays: 2 }).where(eq(loyaltyCards.id, card.id));
    const stamped = await stampWith(key, card.id, (await customerCodeOf(context.app, customer.cookie)).qrPayload);
    const rewardId = stamped.json().reward.id as string;
    const [row] = await db().select().from(rewards).where(eq(rewards.id, rewardId));
    const listAs = (status?: string) => rewardsListed(key, customer.id, status);

    expect(await listAs()).toEqual([
      expect.objectContaining({ id: rewardId, status: 'earned', expiresAt: row!.expiresAt!.toISOString() }),
    ]);
    expect(await listAs('expired')).toEqual([]);

    context.clock.set(new Date(row!.expiresAt!.getTime() - 1));
    expect((await listAs()).map((reward) => reward.status)).toEqual(['earned']);
    context.clock.set(row!.expiresAt!);
    expect(await listAs()).toEqual([]);
    expect(await listAs('expired')).toEqual([expect.objectContaining({ id: rewardId, status: 'expired' })]);
    expect((await listAs('all')).map((reward) => reward.status)).toEqual(['expired']);
    const redeem = await apiCall(context.app, key, 'POST', '/api/v1/rewards/redeem', {
      payload: { rewardId, customerCode: (await customerCodeOf(context.app, customer.cookie)).qrPayload },
      idempotencyKey: randomUUID(),
    });
    expect(redeem.statusCode).toBe(409);
  });

  it('lists a withdrawn reward as withdrawn, never as earned (decision 086)', async () => {
    const { key, customer, rewardId } = await counterWithEarnedReward();
    // What a reversal of its stamps leaves (fraud-alerts.ts).
    await db().update(rewards).set({ status: 'withdrawn' }).where(eq(rewards.id, rewardId));
    const listAs = (status?: string) => rewardsListed(key, customer.id, status);
    expect(await listAs()).toEqual([]);
    expect(await listAs('withdrawn')).toEqual([expect.objectContaining({ id: rewardId, status: 'withdrawn' })]);
    expect((await listAs('all')).map((reward) => reward.status)).toEqual(['withdrawn']);
  });

  it('stamps once when a point of sale sends the same request several times at once', async () => {
    const { key, card, customer } = await enterpriseCounter();
    const code = (await customerCodeOf(context.app, customer.cookie)).qrPayload;
    const idempotencyKey = randomUUID();
    const answers = await Promise.all(Array.from({ length: 5 }, () => stampWith(key, card.id, code, idempotencyKey)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(answers.map((answer) => answer.json().stamp.id)).size).toBe(1);
    expect(await db().select().from(stamps).where(eq(stamps.cardId, card.id))).toHaveLength(1);
  });

  it('lists the customer’s rewards and redeems one with their code, once', async () => {
    const { key, card, customer, rewardId } = await counterWithEarnedReward();
    const listed = await apiCall(context.app, key, 'GET', `/api/v1/customers/${customer.id}/rewards`);
    expect(listed.json().rewards).toEqual([
      expect.objectContaining({
        id: rewardId,
        status: 'earned',
        card: { id: card.id, name: card.name },
        redeemedAt: null,
      }),
    ]);
    const badStatus = await apiCall(context.app, key, 'GET', `/api/v1/customers/${customer.id}/rewards?status=lost`);
    expect([badStatus.statusCode, Object.keys(badStatus.json().error.fields)]).toEqual([400, ['status']]);
    // Another vendor's key sees none of them.
    const other = await enterpriseCounter();
    expect(
      (await apiCall(context.app, other.key, 'GET', `/api/v1/customers/${customer.id}/rewards`)).json().rewards,
    ).toEqual([]);

    const neither = await apiCall(context.app, key, 'POST', '/api/v1/rewards/redeem', {
      payload: {},
      idempotencyKey: randomUUID(),
    });
    expect([neither.statusCode, Object.keys(neither.json().error.fields)]).toEqual([400, ['rewardCode']]);
    const customerCode = (await customerCodeOf(context.app, customer.cookie)).qrPayload;
    const idempotencyKey = randomUUID();
    const redeemed = await apiCall(context.app, key, 'POST', '/api/v1/rewards/redeem', {
      payload: { rewardId, customerCode },
      idempotencyKey,
    });
    expect(redeemed.statusCode).toBe(200);
    expect(redeemed.json()).toMatchObject({
      reward: { id: rewardId },
      customer: { name: 'Ayesha' },
      message: 'Reward redeemed!',
    });
    const retry = await apiCall(context.app, key, 'POST', '/api/v1/rewards/redeem', {
      payload: { rewardId, customerCode },
      idempotencyKey,
    });
    expect([retry.statusCode, retry.headers['idempotent-replayed']]).toEqual([200, 'true']);
    const twice = await apiCall(context.app, key, 'POST', '/api/v1/rewards/redeem', {
      payload: { rewardId, customerCode },
      idempotencyKey: randomUUID(),
    });
    expect([twice.statusCode, twice.json().error.code]).toEqual([409, 'already_redeemed']);
    const [row] = await db().select().from(rewards).where(eq(rewards.id, rewardId));
    expect([row!.status, row!.redeemedBy, row!.redeemedByVendorId]).toEqual(['redeemed', null, card.vendorId]);

    // By the live reward code of the customer's Redeem Reward screen, too.
    const second = await stampWith(key, card.id, (await customerCodeOf(context.app, customer.cookie)).qrPayload);
    const liveCode = await context.app.inject({
      method: 'POST',
      url: `/api/rewards/${second.json().reward.id}/redemption-code`,
      headers: { cookie: customer.cookie },
    });
    const byCode = await apiCall(context.app, key, 'POST', '/api/v1/rewards/redeem', {
      payload: { rewardCode: liveCode.json().typedCode },
      idempotencyKey: randomUUID(),
    });
    expect(byCode.statusCode).toBe(200);
  });

  it('never redeems with a Wallet pass barcode, which does not expire: look-up and stamping only', async () => {
    const { key, customer, rewardId } = await counterWithEarnedReward();
    const [held] = await db().select({ id: userCards.id }).from(userCards).where(eq(userCards.userId, customer.id));
    const [pass] = await db()
      .insert(walletPasses)
      .values({ userId: customer.id, userCardId: held!.id, createdAt: context.clock.now() })
      .returning();
    const barcode = walletPassCode(stampCodeKey(context.config.sessionSecret), {
      userId: customer.id,
      passId: pass!.id,
      createdAt: pass!.createdAt,
    });
    // A screenshot of the pass, a week later, with the customer nowhere near the counter.
    context.clock.advance(7 * 24 * 60 * 60 * 1000);
    const redeem = await apiCall(context.app, key, 'POST', '/api/v1/rewards/redeem', {
      payload: { rewardId, customerCode: barcode },
      idempotencyKey: randomUUID(),
    });
    expect([redeem.statusCode, redeem.json().error.code]).toEqual([400, 'wrong_code_type']);
    expect(redeem.json().error.message).toMatch(/Wallet pass/);
    const [row] = await db().select().from(rewards).where(eq(rewards.id, rewardId));
    expect(row!.status).toBe('earned');
    // The barcode still names the customer for look-up, and the live My QR code still redeems.
    const found = await apiCall(context.app, key, 'POST', '/api/v1/customers/lookup', {
      payload: { customerCode: barcode },
    });
    expect(found.statusCode).toBe(200);
    const present = await apiCall(context.app, key, 'POST', '/api/v1/rewards/redeem', {
      payload: { rewardId, customerCode: (await customerCodeOf(context.app, customer.cookie)).qrPayload },
      idempotencyKey: randomUUID(),
    });
    expect(present.statusCode).toBe(200);
  });

  it('lists the cards the counter honours and reads the day’s activity', async () => {
    const { key, card, customer, vendor } = await enterpriseCounter({ stampsRequired: 1 });
    await createCard(db(), vendor.id, { name: 'Archived', status: 'archived' });
    const cards = await apiCall(context.app, key, 'GET', '/api/v1/cards');
    expect(cards.json().cards).toEqual([expect.objectContaining({ id: card.id, status: 'active', partner: false })]);

    const stamped = await stampWith(key, card.id, (await customerCodeOf(context.app, customer.cookie)).qrPayload);
    context.clock.advance(60_000);
    await apiCall(context.app, key, 'POST', '/api/v1/rewards/redeem', {
      payload: {
        rewardId: stamped.json().reward.id,
        customerCode: (await customerCodeOf(context.app, customer.cookie)).qrPayload,
      },
      idempotencyKey: randomUUID(),
    });
    const activity = await apiCall(context.app, key, 'GET', '/api/v1/activity?limit=1');
    expect(activity.statusCode).toBe(200);
    expect(activity.json().totals).toEqual({ stamps: 1, redemptions: 1, rewardsEarned: 1 });
    expect(activity.json().items).toEqual([
      expect.objectContaining({ type: 'redemption', customer: { id: customer.id, name: 'Ayesha' } }),
    ]);
    const next = await apiCall(
      context.app,
      key,
      'GET',
      `/api/v1/activity?limit=1&before=${activity.json().nextCursor}`,
    );
    expect(next.json().items).toEqual([expect.objectContaining({ type: 'stamp', id: stamped.json().stamp.id })]);
    expect(next.json().nextCursor).toBeNull();
    const yesterday = await apiCall(context.app, key, 'GET', '/api/v1/activity?date=2020-01-01');
    expect(yesterday.json()).toMatchObject({ date: '2020-01-01', items: [], totals: { stamps: 0 } });
    for (const query of ['date=2026-02-30', 'limit=0', 'before=garbage'])
      expect((await apiCall(context.app, key, 'GET', `/api/v1/activity?${query}`)).statusCode).toBe(400);
  });
});

describe('the API reference', () => {
  it('renders a readable page at /developers with every endpoint, scope, webhook and the Node check', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/developers' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    for (const text of [
      '<h1>Chaska vendor API</h1>',
      '<code>/api/v1/stamps</code>',
      '<code>/api/v1/customers/{customerId}/rewards</code>',
      'scope <span class="scope">redeem</span>',
      '<code><b>Idempotency-Key</b></code>',
      '<code>reward.redeemed</code>',
      'Signature verification in Node.js',
      'createHmac(&#39;sha256&#39;, secret)',
    ])
      expect(response.body).toContain(text);
    expect(response.body).not.toContain('<script');
  });

  it('describes every /api/v1 route, its scope and the idempotency header, from the zod schemas', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toBe('3.1.0');
    const operations = Object.entries(
      document.paths as Record<string, Record<string, { 'x-scope': string; parameters?: Array<{ name: string }> }>>,
    ).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({
        name: `${method.toUpperCase()} /api/v1${path.replace(/\{(\w+)\}/g, ':$1')}`,
        operation,
      })),
    );
    expect(operations.map((each) => each.name).sort()).toEqual([
      'GET /api/v1/activity',
      'GET /api/v1/cards',
      'GET /api/v1/customers/:customerId/rewards',
      'GET /api/v1/me',
      'POST /api/v1/customers/lookup',
      'POST /api/v1/rewards/redeem',
      'POST /api/v1/stamps',
      'PUT /api/v1/bills/:day',
    ]);
    // Every route the app registers under /api/v1 (but the document itself) is in the document.
    for (const name of operations.map((each) => each.name)) {
      const [method, url] = name.split(' ') as [string, string];
      expect(context.app.hasRoute({ method, url }), name).toBe(true);
    }
    for (const { name, operation } of operations) {
      if (name.startsWith('POST /api/v1/stamps') || name.startsWith('POST /api/v1/rewards'))
        expect(operation.parameters?.map((parameter) => parameter.name)).toContain('Idempotency-Key');
    }
    expect(Object.keys(document.webhooks).sort()).toEqual([
      'card.updated',
      'customer.joined',
      'reward.earned',
      'reward.redeemed',
      'stamp.created',
      'stamp.reversed',
    ]);
    expect(document.components.schemas.StampResult.properties.card).toBeDefined();
  });

  it("passes Redocly's recommended lint, and lists the platform's errors around each operation", async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    // This test's server is at localhost, which that rule flags; a real one is not.
    const config = await createConfig({ extends: ['recommended'], rules: { 'no-server-example.com': 'off' } });
    const problems = await lintFromString({ source: response.body, absoluteRef: 'openapi.json', config });
    expect(problems.map((problem) => `${problem.ruleId}: ${problem.message}`)).toEqual([]);
    const stamp = response.json().paths['/stamps'].post as { responses: Record<string, unknown> };
    expect(Object.keys(stamp.responses)).toEqual(expect.arrayContaining(['413', '415', '429', '431', '503']));
  });
});
