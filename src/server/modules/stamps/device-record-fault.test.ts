import { and, eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { referrals, stamps, userDevices } from '@server/db/schema';
import { useTestApp } from '@server/test/build-test-app';
import { signUpUser } from '@server/test/factories';
import { collectStamps, collectWith, counterCodeFor, setUpVendorWithCard } from './stamp-test-helpers';

/**
 * The browser a customer used is recorded after the stamp (or the referral) is committed. A
 * database fault at that moment must not answer an error for a stamp that was given: the customer
 * would scan again for a stamp they already hold. Here every write to user_devices fails the way
 * a dropped connection does (SQLSTATE 08006, which the app answers as 503).
 */
describe('a fault while recording the device after the commit', () => {
  const context = useTestApp();
  const db = () => context.database.db;

  beforeEach(async () => {
    await db().execute(
      sql.raw(`create or replace function test_user_devices_fault() returns trigger language plpgsql as $$
        begin raise exception 'the device bookkeeping is away' using errcode = '08006'; end $$`),
    );
    await db().execute(
      sql.raw(`create trigger test_user_devices_fault before insert on user_devices
        for each row execute function test_user_devices_fault()`),
    );
  });

  afterEach(async () => {
    await db().execute(sql.raw('drop trigger if exists test_user_devices_fault on user_devices'));
  });

  it('still answers 200 for the collected stamp, which is stored', async () => {
    const setup = await setUpVendorWithCard(context.app, db());
    const customer = await signUpUser(context.app);
    const code = await counterCodeFor(context.app, setup.owner.cookie, setup.card.id);

    const response = await collectWith(context.app, customer.cookie, code.qrPayload);
    expect(response.statusCode).toBe(200);
    expect(response.json().userCard.stampsCollected).toBe(1);
    const stored = await db().select().from(stamps).where(eq(stamps.id, response.json().stamp.id));
    expect(stored).toHaveLength(1);
    expect(await db().select().from(userDevices).where(eq(userDevices.userId, customer.id))).toEqual([]);
  });

  it('still answers 200 for a referral invitation and a claim, which are stored', async () => {
    const setup = await setUpVendorWithCard(context.app, db());
    const referrer = await signUpUser(context.app, { name: 'Ayesha' });
    await collectStamps(context.app, setup, referrer.cookie, 1);
    const invited = await context.app.inject({
      method: 'POST',
      url: '/api/referrals/invites',
      headers: { cookie: referrer.cookie },
      payload: { cardId: setup.card.id },
    });
    expect(invited.statusCode).toBe(200);

    const friend = await signUpUser(context.app, { name: 'Bilal' });
    const claimed = await context.app.inject({
      method: 'POST',
      url: '/api/referrals/claim',
      headers: { cookie: friend.cookie },
      payload: { code: invited.json().code },
    });
    expect(claimed.statusCode).toBe(200);
    const [referral] = await db()
      .select()
      .from(referrals)
      .where(and(eq(referrals.friendUserId, friend.id), eq(referrals.referrerUserId, referrer.id)));
    expect(referral).toBeDefined();
  });
});
