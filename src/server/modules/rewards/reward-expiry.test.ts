import { randomUUID } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emailMessages, emailPreferences, jobs, loyaltyCards, rewards, userCards } from '@server/db/schema';
import { runDueJobs } from '@server/background-jobs';
import { enqueueJob, newJob } from '@server/lib/job-queue';
import { useTestApp } from '@server/test/build-test-app';
import { signUpUser, type SignedInUser } from '@server/test/factories';
import { collectStamps, customerCodeOf, setUpVendorWithCard } from '@server/modules/stamps/stamp-test-helpers';
import { REWARD_REMINDER_JOB } from '@server/modules/stamps/reward-reminder-jobs';
import { apiCall, createKeyAs } from '@server/modules/api/vendor-api-test-helpers';
import { callAs } from '@server/modules/vendors/vendor-test-helpers';

/** 23:59 Pakistan time on Tuesday 10 March 2026: the reward is earned a minute before midnight. */
const EARNED_AT = new Date('2026-03-10T18:59:00.000Z');
/** 7 days after the Pakistan day of EARNED_AT: good until the end of 17 March, Pakistan time. */
const EXPIRES_AT = new Date('2026-03-17T19:00:00.000Z');
const SEVEN_DAY_REMINDER = new Date('2026-03-11T05:00:00.000Z');
const ONE_DAY_REMINDER = new Date('2026-03-17T05:00:00.000Z');

describe('reward expiry', () => {
  const context = useTestApp();
  const db = () => context.database.db;

  async function earnExpiringReward(options: { days?: number | null; at?: Date } = {}) {
    context.clock.set(options.at ?? EARNED_AT);
    const setup = await setUpVendorWithCard(context.app, db(), { stampsRequired: 2 });
    await db()
      .update(loyaltyCards)
      .set({ rewardExpiryDays: options.days === undefined ? 7 : options.days })
      .where(eq(loyaltyCards.id, setup.card.id));
    const customer = await signUpUser(context.app, { name: 'Zara' });
    const result = await collectStamps(context.app, setup, customer.cookie, 2);
    return { setup, customer, rewardId: result.reward.id as string, userCardId: result.userCard.id as string };
  }

  async function reminders(customer: SignedInUser) {
    const rows = await db()
      .select({ subject: emailMessages.subject, status: emailMessages.status })
      .from(emailMessages)
      .where(and(eq(emailMessages.toEmail, customer.email), like(emailMessages.subject, '%expires%')));
    return rows.map((row) => row.subject);
  }

  const getReward = (cookie: string, rewardId: string) =>
    context.app.inject({ method: 'GET', url: `/api/rewards/${rewardId}`, headers: { cookie } });
  const mintCode = (cookie: string, rewardId: string) =>
    context.app.inject({ method: 'POST', url: `/api/rewards/${rewardId}/redemption-code`, headers: { cookie } });

  it('is off by default, and the card form takes 1 to 365 days, naming the field otherwise', async () => {
    const { customer, rewardId, setup } = await earnExpiringReward({ days: null });
    expect((await getReward(customer.cookie, rewardId)).json()).toMatchObject({ status: 'earned', expiresAt: null });
    expect(
      await db()
        .select()
        .from(jobs)
        .where(like(jobs.uniqueKey, `reward-%:${rewardId}%`)),
    ).toEqual([]);

    const card = {
      name: 'Chai Lovers',
      cardType: 'free',
      stampsRequired: 8,
      rewardTitle: 'Free Karak Chai',
      rewardValue: 250,
    };
    for (const [value, message] of [
      [0, 'Days until a reward expires must be at least 1.'],
      [366, 'Days until a reward expires must be at most 365.'],
      [2.5, 'Days until a reward expires must be a whole number.'],
    ] as const) {
      const refused = await callAs(context.app, setup.owner.cookie, 'POST', '/api/vendor/cards', {
        card: { ...card, rewardExpiryDays: value },
        saveAs: 'active',
      });
      expect([refused.statusCode, refused.json().error.fields]).toEqual([400, { 'card.rewardExpiryDays': message }]);
    }
    const created = await callAs(context.app, setup.owner.cookie, 'POST', '/api/vendor/cards', {
      card: { ...card, rewardExpiryDays: 30 },
      saveAs: 'active',
    });
    expect([created.statusCode, created.json().rewardExpiryDays]).toEqual([200, 30]);
    const plain = await callAs(context.app, setup.owner.cookie, 'POST', '/api/vendor/cards', {
      card: { ...card, name: 'No expiry' },
      saveAs: 'active',
    });
    expect(plain.json().rewardExpiryDays).toBeNull();
  });

  it('expires at the end of the Pakistan day N days on, across midnight, and refuses redemption after', async () => {
    const { customer, rewardId, userCardId, setup } = await earnExpiringReward();
    // Earned at 23:59 on the 10th: the 7 days count from that Pakistan day, not from the next.
    const [row] = await db().select().from(rewards).where(eq(rewards.id, rewardId));
    expect(row!.expiresAt).toEqual(EXPIRES_AT);
    expect((await getReward(customer.cookie, rewardId)).json()).toMatchObject({
      status: 'earned',
      expiresAt: EXPIRES_AT.toISOString(),
    });
    const dashboard = await context.app.inject({
      method: 'GET',
      url: '/api/customer/dashboard',
      headers: { cookie: customer.cookie },
    });
    expect(dashboard.json().cards[0]).toMatchObject({ rewardId, rewardExpiresAt: EXPIRES_AT.toISOString() });

    // 23:59:59 on its last day it is still good; a code shown then is scanned at midnight.
    context.clock.set(new Date(EXPIRES_AT.getTime() - 1000));
    const lastMinute = await mintCode(customer.cookie, rewardId);
    expect(lastMinute.statusCode).toBe(200);
    context.clock.set(EXPIRES_AT);
    const message = 'This reward expired at the end of 17 March 2026 and can no longer be redeemed.';
    const counter = await context.app.inject({
      method: 'POST',
      url: '/api/vendor/rewards/redeem',
      headers: { cookie: setup.owner.cookie },
      payload: { code: lastMinute.json().qrPayload },
    });
    expect([counter.statusCode, counter.json().error]).toMatchObject([409, { code: 'reward_expired', message }]);
    const again = await mintCode(customer.cookie, rewardId);
    expect([again.statusCode, again.json().error]).toMatchObject([409, { code: 'reward_expired', message }]);
    expect((await getReward(customer.cookie, rewardId)).json().status).toBe('expired');

    // The point of sale's redemption (the one redemption) refuses it as well.
    const { key } = await createKeyAs(context.app, setup.owner);
    const api = await apiCall(context.app, key, 'POST', '/api/v1/rewards/redeem', {
      payload: { rewardId, customerCode: (await customerCodeOf(context.app, customer.cookie)).qrPayload },
      idempotencyKey: randomUUID(),
    });
    expect([api.statusCode, api.json().error]).toMatchObject([409, { code: 'reward_expired', message }]);
    const [unchanged] = await db().select().from(rewards).where(eq(rewards.id, rewardId));
    expect(unchanged).toMatchObject({ status: 'earned', redeemedAt: null });

    // Its expiry job starts the card over, so the customer can collect again.
    await runDueJobs(context.app);
    const [card] = await db().select().from(userCards).where(eq(userCards.id, userCardId));
    expect(card).toMatchObject({ status: 'active', stampsCollected: 0 });

    // The vendor's analytics count it as expired.
    const analytics = await callAs(context.app, setup.owner.cookie, 'GET', '/api/vendor/analytics?range=30d');
    expect(analytics.json().tiles).toMatchObject({ rewardsExpired: 1, rewardsRedeemed: 0 });
  });

  it('reminds 7 days and 1 day before, each exactly once, however often the jobs run', async () => {
    const { customer, rewardId, setup } = await earnExpiringReward();
    const vendor = setup.vendor.businessName;
    await runDueJobs(context.app);
    expect(await reminders(customer)).toEqual([]);

    await runDueJobs(context.app, { now: new Date(SEVEN_DAY_REMINDER.getTime() - 1) });
    expect(await reminders(customer)).toEqual([]);
    context.clock.set(SEVEN_DAY_REMINDER);
    await runDueJobs(context.app);
    await runDueJobs(context.app);
    expect(await reminders(customer)).toEqual([`Your reward at ${vendor} expires on 17 March 2026`]);
    // Enqueueing the same reminder again writes nothing.
    expect(
      await enqueueJob(
        db(),
        newJob(
          REWARD_REMINDER_JOB,
          { rewardId, daysBefore: 7 },
          { runAt: SEVEN_DAY_REMINDER, uniqueKey: `reward-reminder:${rewardId}:7` },
        ),
      ),
    ).toBeNull();

    context.clock.set(ONE_DAY_REMINDER);
    await runDueJobs(context.app);
    context.clock.set(EXPIRES_AT);
    await runDueJobs(context.app);
    expect((await reminders(customer)).sort()).toEqual(
      [
        `Last day: your reward at ${vendor} expires tonight`,
        `Your reward at ${vendor} expires on 17 March 2026`,
      ].sort(),
    );
  });

  it('sends no reminder for a redeemed reward, nor to a customer who turned reward e-mails off', async () => {
    const redeemed = await earnExpiringReward();
    await db()
      .update(rewards)
      .set({ status: 'redeemed', redeemedAt: EARNED_AT })
      .where(eq(rewards.id, redeemed.rewardId));
    const quiet = await earnExpiringReward();
    await db()
      .update(emailPreferences)
      .set({ rewardNotifications: false })
      .where(eq(emailPreferences.userId, quiet.customer.id));
    for (const at of [SEVEN_DAY_REMINDER, ONE_DAY_REMINDER]) {
      context.clock.set(at);
      await runDueJobs(context.app);
    }
    expect(await reminders(redeemed.customer)).toEqual([]);
    expect(await reminders(quiet.customer)).toEqual([]);
  });

  it('gives a reward that lasts less than a week only the last-day reminder', async () => {
    const { rewardId } = await earnExpiringReward({ days: 3, at: new Date('2026-03-10T07:00:00.000Z') });
    const keys = (
      await db()
        .select()
        .from(jobs)
        .where(like(jobs.uniqueKey, `reward-%${rewardId}%`))
    )
      .map((job) => job.uniqueKey)
      .sort();
    expect(keys).toEqual([`reward-expire:${rewardId}`, `reward-reminder:${rewardId}:1`]);
  });
});
