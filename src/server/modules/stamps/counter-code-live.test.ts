import { beforeAll, describe, expect, it } from 'vitest';
import type { CardCode } from '@shared/stamps/stamps';
import { vendorMembers } from '@server/db/schema';
import { useTestApp } from '@server/test/build-test-app';
import { signUpUser } from '@server/test/factories';
import { baseUrlOf, openLiveStream } from '@server/test/live-stream';
import { collectWith, counterCodeFor, customerCodeOf, setUpVendorWithCard } from './stamp-test-helpers';

describe('the counter screen hears that its code was used', () => {
  const context = useTestApp();
  const db = () => context.database.db;
  beforeAll(async () => {
    await context.app.listen({ port: 0, host: '127.0.0.1' });
  });

  it("tells the vendor's owner and staff which code a scan used and whose stamp it gave, and nothing of a refused scan", async () => {
    const setup = await setUpVendorWithCard(context.app, db(), { minStampIntervalMinutes: 60 });
    const staff = await signUpUser(context.app, { name: 'Sana' });
    await db().insert(vendorMembers).values({ vendorId: setup.vendor.id, userId: staff.id, role: 'staff' });
    const other = await setUpVendorWithCard(context.app, db());
    const ownerStream = await openLiveStream(baseUrlOf(context.app), setup.owner.cookie);
    const staffStream = await openLiveStream(baseUrlOf(context.app), staff.cookie);
    const otherVendorStream = await openLiveStream(baseUrlOf(context.app), other.owner.cookie);

    const mint = async (cookie: string): Promise<CardCode> =>
      (
        await context.app.inject({
          method: 'POST',
          url: `/api/vendor/cards/${setup.card.id}/counter-code`,
          headers: { cookie },
        })
      ).json();
    const customer = await signUpUser(context.app, { name: 'Bilal' });
    const first = await mint(staff.cookie);

    expect((await collectWith(context.app, customer.cookie, first.code.typedCode)).statusCode).toBe(200);
    const used = { type: 'counter_code.used', cardId: setup.card.id, codeId: first.codeId };
    // The counter tablet confirms whose stamp it was, by first name, and how far the card is.
    const stamped = {
      type: 'counter.stamped',
      cardId: setup.card.id,
      firstName: 'Bilal',
      stampsCollected: 1,
      stampsRequired: 10,
    };
    expect(await ownerStream.nextEvent()).toEqual(used);
    expect(await ownerStream.nextEvent()).toEqual(stamped);
    expect(await staffStream.nextEvent()).toEqual(used);
    expect(await staffStream.nextEvent()).toEqual(stamped);

    // Refused (the card's interval): the code is not used up and nobody is told.
    const tooSoon = await collectWith(
      context.app,
      customer.cookie,
      (await counterCodeFor(context.app, staff.cookie, setup.card.id)).qrPayload,
    );
    expect(tooSoon.json().error.code).toBe('stamp_too_soon');
    // Staff stamping from a customer's My QR uses no counter code: nothing to rotate, nothing to confirm at the counter.
    const later = await signUpUser(context.app);
    const customerCode = await customerCodeOf(context.app, later.cookie);
    const issued = await context.app.inject({
      method: 'POST',
      url: '/api/vendor/stamps',
      headers: { cookie: staff.cookie },
      payload: { customerCode: customerCode.qrPayload, cardId: setup.card.id },
    });
    expect(issued.statusCode).toBe(200);

    // The next event each stream gets is the next used code; the other vendor heard nothing of ours.
    const next = await mint(setup.owner.cookie);
    // Refused by the interval (staff just stamped this customer): the code stays unused...
    expect((await collectWith(context.app, later.cookie, next.code.qrPayload)).statusCode).toBe(409);
    // ...so the next customer still gets a stamp with it.
    const third = await signUpUser(context.app, { name: 'Zara' });
    expect((await collectWith(context.app, third.cookie, next.code.qrPayload)).statusCode).toBe(200);
    const nextUsed = { type: 'counter_code.used', cardId: setup.card.id, codeId: next.codeId };
    const nextStamped = { ...stamped, firstName: 'Zara' };
    expect(await ownerStream.nextEvent()).toEqual(nextUsed);
    expect(await ownerStream.nextEvent()).toEqual(nextStamped);
    expect(await staffStream.nextEvent()).toEqual(nextUsed);
    expect(await staffStream.nextEvent()).toEqual(nextStamped);
    expect(otherVendorStream.pending()).toEqual([]);
    for (const stream of [ownerStream, staffStream, otherVendorStream]) stream.close();
  });

  it('confirms at the counter a stamp collected with a code held while the customer signed in', async () => {
    const setup = await setUpVendorWithCard(context.app, db(), { stampsRequired: 8 });
    const ownerStream = await openLiveStream(baseUrlOf(context.app), setup.owner.cookie);
    const counter = await counterCodeFor(context.app, setup.owner.cookie, setup.card.id);
    const held = await context.app.inject({
      method: 'POST',
      url: '/api/stamps/hold',
      payload: { code: counter.qrPayload },
    });
    expect(held.statusCode).toBe(200);
    expect((await ownerStream.nextEvent()).type).toBe('counter_code.used');

    const customer = await signUpUser(context.app, { name: 'Hina' });
    expect((await collectWith(context.app, customer.cookie, held.json().heldCode)).statusCode).toBe(200);
    expect(await ownerStream.nextEvent()).toEqual({
      type: 'counter.stamped',
      cardId: setup.card.id,
      firstName: 'Hina',
      stampsCollected: 1,
      stampsRequired: 8,
    });
    ownerStream.close();
  });
});
