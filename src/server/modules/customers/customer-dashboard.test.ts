import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { stamps, userCards, users, vendors } from '@server/db/schema';
import { useTestApp } from '@server/test/build-test-app';
import { createVendor, signUpUser } from '@server/test/factories';
import { seedDemoData } from '@server/modules/platform/seed-demo-data';
import { collectWith } from '@server/modules/stamps/stamp-test-helpers';

describe('customer dashboard API (demo mode)', () => {
  const context = useTestApp({ DEMO_MODE: 'true' });
  const db = () => context.database.db;
  beforeAll(async () => {
    await seedDemoData(db(), context.clock.now());
  });

  const dashboard = (cookie: string) =>
    context.app.inject({ method: 'GET', url: '/api/customer/dashboard', headers: { cookie } });
  const addSamples = (cookie: string) =>
    context.app.inject({ method: 'POST', url: '/api/customer/sample-cards', headers: { cookie } });
  const demoCode = (cookie: string) =>
    context.app.inject({ method: 'POST', url: '/api/stamps/demo-code', headers: { cookie } });

  it('needs a session', async () => {
    expect((await context.app.inject({ method: 'GET', url: '/api/customer/dashboard' })).statusCode).toBe(401);
  });

  it('shows a new customer their account, zero stats and the offer of sample cards', async () => {
    const customer = await signUpUser(context.app, { name: 'Hina', surname: 'Raza' });
    const response = await dashboard(customer.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      account: {
        email: customer.email,
        name: 'Hina',
        surname: 'Raza',
        city: null,
        phone: null,
        verified: false,
        profileComplete: false,
        verificationStatus: 'Pending Verification',
      },
      stats: { activeCards: 0, totalStamps: 0, rewardsEarned: 0, valueSaved: 0, valueRedeemed: 0 },
      cards: [],
      vendorApplication: null,
      demo: { enabled: true, sampleCardsAvailable: true, hasSampleCards: false },
    });
    await db()
      .update(users)
      .set({ verified: true, city: 'Lahore', phone: '+92 300 1234567' })
      .where(eq(users.id, customer.id));
    expect((await dashboard(customer.cookie)).json().account).toMatchObject({
      verificationStatus: 'Verified',
      city: 'Lahore',
      phone: '+92 300 1234567',
      profileComplete: false,
    });
    // Every field of /complete-profile filled in: no more "Complete profile".
    await db().update(users).set({ dateOfBirth: '1995-04-12', gender: 'female' }).where(eq(users.id, customer.id));
    expect((await dashboard(customer.cookie)).json().account.profileComplete).toBe(true);
  });

  it('adds up to 3 sample cards with 1 to 3 stamps once, even when asked twice at once', async () => {
    const customer = await signUpUser(context.app);
    const [first, second] = await Promise.all([addSamples(customer.cookie), addSamples(customer.cookie)]);
    const added = [first!.json().added, second!.json().added].sort();
    expect(added[0]).toBe(0);
    expect(added[1]).toBeGreaterThanOrEqual(1);
    expect(added[1]).toBeLessThanOrEqual(3);

    const body = (await dashboard(customer.cookie)).json();
    expect(body.cards).toHaveLength(added[1]);
    expect(body.demo).toEqual({ enabled: true, sampleCardsAvailable: false, hasSampleCards: true });
    for (const card of body.cards) {
      expect(card.isSample).toBe(true);
      expect(card.status).toBe('active');
      expect(card.stampsCollected).toBeGreaterThanOrEqual(1);
      expect(card.stampsCollected).toBeLessThanOrEqual(3);
      expect(card.stampsCollected).toBeLessThan(card.stampsRequired);
      expect(card.nextStampAt).toBeNull();
      const rows = await db().select().from(stamps).where(eq(stamps.userCardId, card.id));
      expect(rows).toHaveLength(card.stampsCollected);
    }
    expect(body.stats.activeCards).toBe(added[1]);
    expect(body.stats.totalStamps).toBe(
      body.cards.reduce((sum: number, card: { stampsCollected: number }) => sum + card.stampsCollected, 0),
    );
  });

  it('collects with demo codes through the real code path until a reward is earned', async () => {
    const customer = await signUpUser(context.app);
    const none = await demoCode(customer.cookie);
    expect(none.statusCode).toBe(404);
    expect(none.json().error.message).toBe('No loyalty cards found. Please add some cards first!');

    await addSamples(customer.cookie);
    let rewardId: string | null = null;
    for (let scan = 0; scan < 40 && !rewardId; scan += 1) {
      // Demo codes keep the cards' interval (an hour): each scan comes an hour after the last.
      context.clock.advance(60 * 60_000);
      const code = (await demoCode(customer.cookie)).json();
      const response = await collectWith(
        context.app,
        customer.cookie,
        scan % 2 === 0 ? code.code.qrPayload : code.code.typedCode,
      );
      expect(response.statusCode).toBe(200);
      // Each demo code is one real, single-use code.
      expect((await collectWith(context.app, customer.cookie, code.code.qrPayload)).statusCode).toBe(409);
      rewardId = response.json().reward?.id ?? null;
    }
    expect(rewardId).not.toBeNull();

    const body = (await dashboard(customer.cookie)).json();
    const completed = body.cards.find((card: { rewardId: string | null }) => card.rewardId === rewardId);
    expect(completed).toMatchObject({ status: 'completed' });
    expect(completed.stampsCollected).toBe(completed.stampsRequired);
    expect(body.cards[0].id).toBe(completed.id);
    expect(body.stats).toMatchObject({ rewardsEarned: 1, valueSaved: completed.rewardValue, valueRedeemed: 0 });
    const demoStamps = await db().select().from(stamps).where(eq(stamps.userCardId, completed.id));
    expect(demoStamps.filter((row) => row.qrCode.startsWith('demo:')).length).toBeGreaterThan(0);
  });

  it('says so when every held card waits for its reward', async () => {
    const customer = await signUpUser(context.app);
    await addSamples(customer.cookie);
    await db().update(userCards).set({ status: 'completed' }).where(eq(userCards.userId, customer.id));
    const response = await demoCode(customer.cookie);
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe(
      'All your cards are complete. Redeem your rewards to start collecting again.',
    );
  });

  it("shows a vendor applicant's application", async () => {
    const applicant = await signUpUser(context.app);
    const vendor = await createVendor(db(), {
      ownerUserId: applicant.id,
      status: 'rejected',
      businessName: 'Karachi Kulfi Co',
    });
    await db().update(vendors).set({ rejectionReason: 'Please add a shop photo' }).where(eq(vendors.id, vendor.id));
    const body = (await dashboard(applicant.cookie)).json();
    expect(body.vendorApplication).toMatchObject({
      businessName: 'Karachi Kulfi Co',
      status: 'rejected',
      role: 'owner',
      rejectionReason: 'Please add a shop photo',
    });
  });
});
