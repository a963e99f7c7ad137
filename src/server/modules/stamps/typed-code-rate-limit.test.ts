import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '@server/test/build-test-app';
import { createCard, createVendor, signUpUser } from '@server/test/factories';
import { apiCall, createKeyAs } from '@server/modules/api/vendor-api-test-helpers';
import { collectWith, counterCodeFor, setUpVendorWithCard } from './stamp-test-helpers';

describe('typed codes are rate limited per person', () => {
  // RATE_LIMIT_MAX 2 allows 6 typed codes a minute (and the two sign-ups below).
  const context = useTestApp({ RATE_LIMIT_MAX: '2' });

  it('refuses guessing after a few typed codes, while scanned codes still work', async () => {
    const setup = await setUpVendorWithCard(context.app, context.database.db);
    const customer = await signUpUser(context.app);
    for (const guess of ['AAAA-AAAA', 'BBBB-BBBB', 'CCCC-CCCC', 'DDDD-DDDD', 'EEEE-EEEE', 'FFFF-FFFF']) {
      expect((await collectWith(context.app, customer.cookie, guess)).statusCode).toBe(400);
    }
    const code = await counterCodeFor(context.app, setup.owner.cookie, setup.card.id);
    const limited = await collectWith(context.app, customer.cookie, code.typedCode);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.message).toMatch(/^Too many typed codes\. Please wait \d+ seconds and try again\.$/);
    expect((await collectWith(context.app, customer.cookie, code.qrPayload)).statusCode).toBe(200);
  });
});

describe('typed codes at a counter are counted per vendor', () => {
  // RATE_LIMIT_MAX 2 allows a vendor 6 typed codes a minute, whoever types them.
  const context = useTestApp({ RATE_LIMIT_MAX: '2' });
  let address = 0;
  const someone = (name: string) =>
    signUpUser(context.app, { name }, { remoteAddress: `198.51.100.${(address += 1)}` });

  it('adds up every key and staff member of the vendor, on every counter route, the writes included', async () => {
    const db = context.database.db;
    const owner = await someone('Owais');
    const vendor = await createVendor(db, { ownerUserId: owner.id, plan: 'enterprise' });
    const card = await createCard(db, vendor.id, { minStampIntervalMinutes: 0 });
    const keys: string[] = [];
    for (const name of ['Till 1', 'Till 2', 'Till 3', 'Till 4'])
      keys.push((await createKeyAs(context.app, owner, { name })).key);
    const rewardId = randomUUID();
    // One guess each way a counter reads a typed customer code: the point of sale's stamp,
    // redemption and look-up (each key its own), and the staff screen's stamp and look-up.
    const guesses = [
      (code: string) =>
        apiCall(context.app, keys[0]!, 'POST', '/api/v1/stamps', {
          payload: { customerCode: code, cardId: card.id },
          idempotencyKey: randomUUID(),
        }),
      (code: string) =>
        apiCall(context.app, keys[1]!, 'POST', '/api/v1/rewards/redeem', {
          payload: { rewardId, customerCode: code },
          idempotencyKey: randomUUID(),
        }),
      (code: string) =>
        apiCall(context.app, keys[2]!, 'POST', '/api/v1/customers/lookup', { payload: { customerCode: code } }),
      (code: string) =>
        context.app.inject({
          method: 'POST',
          url: '/api/vendor/stamps',
          headers: { cookie: owner.cookie },
          payload: { customerCode: code, cardId: card.id },
        }),
      (code: string) =>
        context.app.inject({
          method: 'POST',
          url: '/api/vendor/stamps/lookup',
          headers: { cookie: owner.cookie },
          payload: { customerCode: code },
        }),
      (code: string) =>
        apiCall(context.app, keys[3]!, 'POST', '/api/v1/rewards/redeem', {
          payload: { rewardCode: code },
          idempotencyKey: randomUUID(),
        }),
    ];
    const statuses = [];
    for (const [index, guess] of guesses.entries()) statuses.push((await guess(`ZZZZ-ZZZ${index}`)).statusCode);
    expect(statuses).toEqual([400, 400, 400, 400, 400, 400]);
    // The vendor's minute is used up: every key and the staff screen are refused alike.
    for (const [index, guess] of guesses.entries()) {
      const limited = await guess(`YYYY-YYY${index}`);
      expect(limited.statusCode).toBe(429);
      expect(limited.json().error.message).toMatch(/^Too many typed codes\./);
    }
    // Another vendor's counter is not held up by this one.
    const otherOwner = await someone('Nadia');
    await createVendor(db, { ownerUserId: otherOwner.id, plan: 'enterprise' });
    const otherKey = (await createKeyAs(context.app, otherOwner)).key;
    const other = await apiCall(context.app, otherKey, 'POST', '/api/v1/customers/lookup', {
      payload: { customerCode: 'XXXX-XXXX' },
    });
    expect(other.statusCode).toBe(400);
    context.clock.advance(61_000);
    expect((await guesses[0]!('WWWW-WWWW')).statusCode).toBe(400);
  });
});
