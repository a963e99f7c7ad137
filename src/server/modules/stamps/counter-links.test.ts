import { describe, expect, it } from 'vitest';
import { signedCodeIn } from '@shared/stamps/codes';
import { useTestApp } from '@server/test/build-test-app';
import { signUpUser } from '@server/test/factories';
import { collectWith, counterCodeFor, customerCodeOf, setUpVendorWithCard } from './stamp-test-helpers';

describe('counter links', () => {
  const context = useTestApp();
  const db = () => context.database.db;

  function hold(code: string) {
    return context.app.inject({ method: 'POST', url: '/api/stamps/hold', payload: { code } });
  }

  it('the counter shows a link to /c/<code>, which collects like the code itself', async () => {
    const setup = await setUpVendorWithCard(context.app, db());
    const customer = await signUpUser(context.app);
    const code = await counterCodeFor(context.app, setup.owner.cookie, setup.card.id);
    expect(code.qrPayload).toMatch(/^http:\/\/localhost:3000\/c\/CHK1\.c\./);
    expect((await collectWith(context.app, customer.cookie, code.qrPayload)).statusCode).toBe(200);
    const next = await counterCodeFor(context.app, setup.owner.cookie, setup.card.id);
    expect((await collectWith(context.app, customer.cookie, signedCodeIn(next.qrPayload)!)).statusCode).toBe(200);
  });

  it('a signed-out phone holds the code: nobody else can use it, and the phone collects once signed in', async () => {
    const setup = await setUpVendorWithCard(context.app, db(), { stampsRequired: 8 });
    const code = await counterCodeFor(context.app, setup.owner.cookie, setup.card.id);
    const held = await hold(code.qrPayload);
    expect(held.statusCode).toBe(200);
    expect(held.json().card).toEqual({
      name: setup.card.name,
      businessName: setup.vendor.businessName,
      stampsRequired: 8,
      rewardTitle: setup.card.rewardTitle,
    });
    expect(Date.parse(held.json().holdUntil) - context.clock.now().getTime()).toBeGreaterThan(4 * 60_000);

    // The counter code is used up: a second phone, or a signed-in scan, gets nothing from it.
    expect((await hold(code.qrPayload)).json().error.code).toBe('code_already_used');
    const other = await signUpUser(context.app);
    expect((await collectWith(context.app, other.cookie, code.qrPayload)).json().error.code).toBe('code_already_used');

    // Signing in by SMS took four minutes: the held code still collects, once.
    context.clock.advance(4 * 60_000);
    const customer = await signUpUser(context.app);
    const collected = await collectWith(context.app, customer.cookie, held.json().heldCode);
    expect(collected.statusCode).toBe(200);
    expect(collected.json().userCard).toMatchObject({ stampsCollected: 1 });
    const again = await collectWith(context.app, customer.cookie, held.json().heldCode);
    expect(again.json().error.code).toBe('code_already_used');
  });

  it('a held code ends after five minutes', async () => {
    const setup = await setUpVendorWithCard(context.app, db());
    const held = (await hold((await counterCodeFor(context.app, setup.owner.cookie, setup.card.id)).qrPayload)).json();
    context.clock.advance(5 * 60_000 + 11_000);
    const customer = await signUpUser(context.app);
    expect((await collectWith(context.app, customer.cookie, held.heldCode)).json().error).toMatchObject({
      code: 'code_expired',
      message: 'This code has expired. Please scan the new code shown at the counter.',
    });
  });

  it('refuses an expired, forged or foreign code, and a customer code, changing nothing', async () => {
    const setup = await setUpVendorWithCard(context.app, db());
    const code = await counterCodeFor(context.app, setup.owner.cookie, setup.card.id);
    const forged = code.qrPayload.replace(/.$/, (last) => (last === 'A' ? 'B' : 'A'));
    expect((await hold(forged)).json().error.code).toBe('invalid_code');
    expect((await hold('https://elsewhere.example/c/not-a-code')).json().error.code).toBe('invalid_code');
    expect((await hold('CHK1.garbage')).statusCode).toBe(400);
    const customer = await signUpUser(context.app);
    expect((await hold((await customerCodeOf(context.app, customer.cookie)).qrPayload)).json().error.code).toBe(
      'wrong_code_type',
    );
    context.clock.advance(2 * 60_000);
    expect((await hold(code.qrPayload)).json().error.code).toBe('code_expired');
  });

  it('holds are limited per address', async () => {
    const limited = await context.app.inject({
      method: 'POST',
      url: '/api/stamps/hold',
      payload: { code: 'CHK1.x' },
      remoteAddress: '203.0.113.77',
    });
    expect(limited.statusCode).toBe(400);
    for (let index = 0; index < context.config.rateLimitMax; index += 1)
      await context.app.inject({
        method: 'POST',
        url: '/api/stamps/hold',
        payload: { code: 'CHK1.x' },
        remoteAddress: '203.0.113.77',
      });
    const refused = await context.app.inject({
      method: 'POST',
      url: '/api/stamps/hold',
      payload: { code: 'CHK1.x' },
      remoteAddress: '203.0.113.77',
    });
    expect(refused.statusCode).toBe(429);
  });
});
