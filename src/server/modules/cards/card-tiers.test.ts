import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cheapestPlanWith, featureNeedsPlanMessage } from '@shared/billing/plans';
import { tierStanding, type TierRule } from '@shared/cards/earn-rules';
import {
  authUser,
  emailMessages,
  emailPreferences,
  jobs,
  loyaltyCards,
  pushSubscriptions,
  textMessages,
  userCards,
} from '@server/db/schema';
import { startOfPakistanDay } from '@shared/pakistan-time';
import { runDueJobs } from '@server/background-jobs';
import { useTestApp } from '@server/test/build-test-app';
import { createCard, createVendor, signUpUser, type SignedInUser } from '@server/test/factories';
import { staffStampsCustomer } from '@server/modules/stamps/stamp-test-helpers';
import { pushMessageFor } from '@server/modules/notifications/push-messages';
import { nextTiersRunAt, nextTierState, recomputeTierLevels } from './card-tiers';

const DAY_MS = 86_400_000;
const SILVER_GOLD: TierRule = {
  basis: 'visits',
  levels: [
    { name: 'Silver', from: 3, multiplier: 1.25 },
    { name: 'Gold', from: 5, multiplier: 1.5 },
  ],
};

describe('tiers: the nightly rule', () => {
  const now = new Date('2026-03-11T19:30:00.000Z');
  const weekAgo = new Date(now.getTime() - 7 * DAY_MS);

  it('rises at once, announces a fall in sight once, and falls only a week after the notice', () => {
    const held = { level: 1, count: 3, noticeAt: null };
    expect(nextTierState(SILVER_GOLD, held, 5, 5, now)).toEqual({
      state: { level: 2, count: 5, noticeAt: null },
      notice: false,
    });
    // 3 visits now, 2 of them still in the window in a week: Silver falls then, so say it today.
    expect(nextTierState(SILVER_GOLD, held, 3, 2, now)).toEqual({
      state: { level: 1, count: 3, noticeAt: now },
      notice: true,
    });
    // Said already: no second notice.
    expect(nextTierState(SILVER_GOLD, { ...held, noticeAt: weekAgo }, 3, 2, now).notice).toBe(false);
    // Below the level, but the notice is two days old: the level stays until its week is over.
    const twoDaysAgo = new Date(now.getTime() - 2 * DAY_MS);
    expect(nextTierState(SILVER_GOLD, { ...held, noticeAt: twoDaysAgo }, 2, 2, now).state.level).toBe(1);
    // The week is over: it falls to what the count reaches.
    expect(nextTierState(SILVER_GOLD, { ...held, noticeAt: weekAgo }, 2, 2, now).state).toEqual({
      level: 0,
      count: 2,
      noticeAt: null,
    });
    // Came back meanwhile: the notice is forgotten.
    expect(nextTierState(SILVER_GOLD, { ...held, noticeAt: twoDaysAgo }, 4, 4, now).state.noticeAt).toBeNull();
    // A fall without a notice (the rule changed, or the job missed nights) gets its week too.
    expect(nextTierState(SILVER_GOLD, held, 1, 1, now)).toEqual({
      state: { level: 1, count: 1, noticeAt: now },
      notice: true,
    });
  });

  it('runs at 00:30 Pakistan time', () => {
    expect(nextTiersRunAt(new Date('2026-03-14T18:58:00.000Z')).toISOString()).toBe('2026-03-14T19:30:00.000Z');
    expect(nextTiersRunAt(new Date('2026-03-14T19:30:00.000Z')).toISOString()).toBe('2026-03-15T19:30:00.000Z');
  });

  it('tells the customer their level and what the next needs', () => {
    expect(tierStanding(SILVER_GOLD, 1, 4)).toEqual({
      level: SILVER_GOLD.levels[0],
      next: { ...SILVER_GOLD.levels[1], needs: 1 },
    });
    expect(tierStanding(SILVER_GOLD, 2, 9)).toEqual({ level: SILVER_GOLD.levels[1], next: null });
    expect(tierStanding(null, 0, 0)).toBeNull();
  });
});

describe('PUT /api/vendor/cards/:id/tiers', () => {
  const context = useTestApp();
  const db = () => context.database.db;

  async function premiumOwner() {
    const owner = await signUpUser(context.app, { name: 'Owais' });
    const vendor = await createVendor(db(), { ownerUserId: owner.id, plan: 'premium' });
    const card = await createCard(db(), vendor.id, { minStampIntervalMinutes: 0 });
    return { owner, vendor, card };
  }

  function put(user: SignedInUser | null, cardId: string, payload: unknown) {
    return context.app.inject({
      method: 'PUT',
      url: `/api/vendor/cards/${cardId}/tiers`,
      ...(user ? { headers: { cookie: user.cookie } } : {}),
      payload: payload as object,
    });
  }

  async function storedTiers(cardId: string) {
    const [card] = await db().select().from(loyaltyCards).where(eq(loyaltyCards.id, cardId));
    return card!.tiers;
  }

  it('lets the owner set and clear tiers, and nobody else', async () => {
    const { owner, card } = await premiumOwner();
    const saved = await put(owner, card.id, { tiers: SILVER_GOLD });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().tiers).toEqual(SILVER_GOLD);
    expect(await storedTiers(card.id)).toEqual(SILVER_GOLD);

    expect((await put(null, card.id, { tiers: null })).statusCode).toBe(401);
    const stranger = await signUpUser(context.app);
    expect((await put(stranger, card.id, { tiers: null })).statusCode).toBe(403);
    const other = await premiumOwner();
    expect((await put(other.owner, card.id, { tiers: null })).statusCode).toBe(404);
    expect(await storedTiers(card.id)).toEqual(SILVER_GOLD);

    expect((await put(owner, card.id, { tiers: null })).json().tiers).toBeNull();
    expect(await storedTiers(card.id)).toBeNull();
  });

  it('refuses tiers below Premium with the plan’s message', async () => {
    const owner = await signUpUser(context.app);
    const vendor = await createVendor(db(), { ownerUserId: owner.id, plan: 'standard' });
    const card = await createCard(db(), vendor.id);
    const refused = await put(owner, card.id, { tiers: SILVER_GOLD });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toEqual({
      code: 'plan_required',
      message: featureNeedsPlanMessage(cheapestPlanWith('tiers')),
    });
    expect(await storedTiers(card.id)).toBeNull();
  });

  const level = (from: number, multiplier: unknown = 1.5, name = `At ${from}`) => ({ name, from, multiplier });
  const BAD: [string, unknown, string][] = [
    ['four levels', { basis: 'visits', levels: [level(1), level(2), level(3), level(4)] }, 'tiers.levels'],
    ['thresholds not increasing', { basis: 'visits', levels: [level(5), level(5)] }, 'tiers.levels.1.from'],
    ['a multiplier above 3', { basis: 'visits', levels: [level(5, 3.5)] }, 'tiers.levels.0.multiplier'],
    ['a multiplier below 1', { basis: 'visits', levels: [level(5, 0.5)] }, 'tiers.levels.0.multiplier'],
    ['a multiplier that is not a number', { basis: 'visits', levels: [level(5, 'lots')] }, 'tiers.levels.0.multiplier'],
    ['a threshold that is not a number', { basis: 'visits', levels: [level('five' as never)] }, 'tiers.levels.0.from'],
    ['a threshold of zero', { basis: 'visits', levels: [level(0)] }, 'tiers.levels.0.from'],
    ['a level without a name', { basis: 'visits', levels: [level(5, 1.5, ' ')] }, 'tiers.levels.0.name'],
    [
      'a lower level giving more',
      { basis: 'visits', levels: [level(2, 2), level(5, 1.5)] },
      'tiers.levels.1.multiplier',
    ],
    ['an unknown basis', { basis: 'rupees', levels: [level(5)] }, 'tiers.basis'],
    ['points counted on a stamp card', { basis: 'points', levels: [level(50)] }, 'tiers.basis'],
  ];
  for (const [what, tiers, field] of BAD) {
    it(`refuses ${what} with a 400 naming ${field}, changing nothing`, async () => {
      const { owner, card } = await premiumOwner();
      const refused = await put(owner, card.id, { tiers });
      expect(refused.statusCode, refused.body).toBe(400);
      expect(Object.keys(refused.json().error.fields ?? {})).toContain(field);
      expect(await storedTiers(card.id)).toBeNull();
    });
  }

  it('works out the holders’ levels at once under a new rule', async () => {
    const setup = await premiumOwner();
    const customer = await signUpUser(context.app);
    for (let visit = 0; visit < 3; visit += 1) await staffStampsCustomer(context.app, setup, customer.cookie);
    await put(setup.owner, setup.card.id, { tiers: SILVER_GOLD });
    const [held] = await db().select().from(userCards).where(eq(userCards.userId, customer.id));
    expect({ level: held!.tierLevel, count: held!.tierCount }).toEqual({ level: 1, count: 3 });
  });
});

describe('tiers: the customer moves up, and a fall is announced a week before', () => {
  const context = useTestApp();
  const db = () => context.database.db;

  it('rises on the stamp that reaches it, warns by push a week before the fall, and falls', async () => {
    const owner = await signUpUser(context.app, { name: 'Owais' });
    const vendor = await createVendor(db(), { ownerUserId: owner.id, plan: 'premium' });
    const card = await createCard(db(), vendor.id, {
      minStampIntervalMinutes: 0,
      stampsRequired: 50,
      tiers: SILVER_GOLD,
    });
    const setup = { owner, vendor, card };
    const customer = await signUpUser(context.app, { name: 'Sana' });
    await db()
      .insert(pushSubscriptions)
      .values({
        userId: customer.id,
        endpoint: `https://push.example.test/${customer.id}`,
        p256dh: 'key',
        auth: 'secret',
        createdAt: context.clock.now(),
      });
    const start = context.clock.now();
    const levelOf = async () => {
      const [held] = await db()
        .select()
        .from(userCards)
        .where(and(eq(userCards.userId, customer.id), eq(userCards.cardId, card.id)));
      return { level: held!.tierLevel, stamps: held!.stampsCollected, noticeAt: held!.tierNoticeAt };
    };

    // Three visits: Silver on the third.
    for (let visit = 0; visit < 3; visit += 1) await staffStampsCustomer(context.app, setup, customer.cookie);
    expect(await levelOf()).toMatchObject({ level: 1, stamps: 3 });
    // The customer's dashboard tells the level and what Gold needs.
    const dashboard = await context.app.inject({
      method: 'GET',
      url: '/api/customer/dashboard',
      headers: { cookie: customer.cookie },
    });
    expect(dashboard.json().cards[0].tier).toEqual({ rule: SILVER_GOLD, level: 1, count: 3 });
    // The fourth visit is given at Silver: 1.25 x 1 stamp, rounded down, is 1.
    await staffStampsCustomer(context.app, setup, customer.cookie);
    expect(await levelOf()).toMatchObject({ level: 1, stamps: 4 });

    // The customer asked for stamp notices by SMS too, on a verified number.
    await db()
      .update(authUser)
      .set({ phoneNumber: '+923005550142', phoneNumberVerified: true })
      .where(eq(authUser.id, customer.id));
    await db()
      .update(emailPreferences)
      .set({ smsStampNotifications: true })
      .where(eq(emailPreferences.userId, customer.id));
    // 84 days on, the nightly run (00:30) sees all three visits gone in a week: the notice, for 10:00.
    const night = new Date(start.getTime() + 84 * DAY_MS);
    const warned = new Date(startOfPakistanDay(night).getTime() + 30 * 60_000);
    expect(await recomputeTierLevels(db(), warned, { notify: true })).toEqual({ changed: 1, notices: 1 });
    expect(await levelOf()).toMatchObject({ level: 1, noticeAt: warned });
    const [queued] = await db().select().from(jobs).where(eq(jobs.name, 'cards.tier-notice'));
    const morning = new Date(startOfPakistanDay(warned).getTime() + 10 * 3_600_000);
    expect(queued!.runAt).toEqual(morning);
    // At 10:00 it goes by push, by e-mail and by the customer's SMS, all saying the same.
    await runDueJobs(context.app, { now: morning });
    const pushes = await db().select().from(jobs).where(eq(jobs.name, 'push.send'));
    const notice = pushes
      .map((job) => (job.payload as { notice: { type: string } }).notice)
      .find((each) => each.type === 'tier_downgrade');
    expect(notice).toMatchObject({ levelName: 'Silver', needs: 3, basis: 'visits' });
    const line = pushMessageFor(notice as never).body;
    expect(line).toContain('Visit 3 more times');
    const [mail] = await db()
      .select()
      .from(emailMessages)
      .where(and(eq(emailMessages.userId, customer.id), eq(emailMessages.emailType, 'stamp')))
      .orderBy(desc(emailMessages.createdAt))
      .limit(1);
    expect(mail!.subject).toBe(`Your Silver level at ${vendor.businessName}`);
    expect(mail!.text).toContain(line);
    const [sms] = await db().select().from(textMessages).where(eq(textMessages.userId, customer.id));
    expect(sms).toMatchObject({ kind: 'tier_downgrade', channel: 'sms', vendorId: vendor.id });
    // The next night says nothing again.
    expect(await recomputeTierLevels(db(), new Date(warned.getTime() + DAY_MS), { notify: true })).toMatchObject({
      notices: 0,
    });

    // A week after the notice the visits are out of the window: Silver falls.
    await recomputeTierLevels(db(), new Date(warned.getTime() + 7 * DAY_MS), { notify: true });
    expect(await levelOf()).toMatchObject({ level: 0, noticeAt: null });
  });
});
