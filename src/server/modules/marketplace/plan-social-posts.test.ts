import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { jobs, socialPosts } from '@server/db/schema';
import { runDueJobs } from '@server/background-jobs';
import { useTestApp } from '@server/test/build-test-app';
import { createSocialDeal, setSocialSchedule, useFakeSocialGraph } from '@server/test/social-test-helpers';
import {
  dailyPostInstant,
  dueKinds,
  networksToPost,
  planSocialPosts,
  slotOf,
  SOCIAL_PUBLISH_JOB,
} from './plan-social-posts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe('the Social Media Agent planning rule', () => {
  // 12:30 in Pakistan on Wednesday 11 March 2026 (07:30 UTC).
  const noon = new Date('2026-03-11T07:30:00.000Z');
  const schedule = { enabled: true, dailyPostTime: '10:00', postHourlyDeals: true };

  it('has nothing due while the schedule is off', () => {
    expect(dueKinds({ ...schedule, enabled: false }, noon)).toEqual([]);
  });

  it("has the Daily Chaska due from the post time (Pakistan time) to the day's end", () => {
    expect(dueKinds({ ...schedule, dailyPostTime: '12:30' }, noon)).toEqual(['daily_chaska', 'hourly_deal']);
    expect(dueKinds({ ...schedule, dailyPostTime: '12:31' }, noon)).toEqual(['hourly_deal']);
    expect(dueKinds({ ...schedule, dailyPostTime: '00:00' }, noon)).toEqual(['daily_chaska', 'hourly_deal']);
    // 23:59 in Pakistan is 18:59 UTC: due at 23:59, not at 23:58.
    expect(dueKinds({ ...schedule, dailyPostTime: '23:59' }, new Date('2026-03-11T18:58:00.000Z'))).toEqual([
      'hourly_deal',
    ]);
    expect(dueKinds({ ...schedule, dailyPostTime: '23:59' }, new Date('2026-03-11T18:59:00.000Z'))).toEqual([
      'daily_chaska',
      'hourly_deal',
    ]);
  });

  it('leaves the hourly deals out when the admin does not post them', () => {
    expect(dueKinds({ ...schedule, postHourlyDeals: false }, noon)).toEqual(['daily_chaska']);
  });

  it('reads the post time on the Pakistan day, whatever the UTC day', () => {
    // 02:00 on 12 March in Pakistan is still 11 March in UTC.
    const earlyMorning = new Date('2026-03-11T21:00:00.000Z');
    expect(dailyPostInstant('10:00', earlyMorning).toISOString()).toBe('2026-03-12T05:00:00.000Z');
  });

  it('posts to the networks chosen that have their settings', () => {
    const both = { facebook: { pageId: '1', accessToken: 't' }, instagram: { accountId: '2', accessToken: 't' } };
    expect(networksToPost({ facebook: true, instagram: true }, both)).toEqual(['facebook', 'instagram']);
    expect(networksToPost({ facebook: false, instagram: true }, both)).toEqual(['instagram']);
    expect(networksToPost({ facebook: true, instagram: true }, { facebook: both.facebook })).toEqual(['facebook']);
    expect(networksToPost({ facebook: true, instagram: true }, {})).toEqual([]);
  });

  it('gives a Daily Chaska post the Pakistan day, an hourly deal the day and hour of its start', () => {
    expect(slotOf('daily_chaska', new Date('2026-03-11T20:00:00.000Z'), null)).toBe('2026-03-12');
    expect(slotOf('hourly_deal', noon, new Date('2026-03-11T07:00:00.000Z'))).toBe('2026-03-11T12');
    expect(slotOf('hourly_deal', noon, new Date('2026-03-11T19:05:00.000Z'))).toBe('2026-03-12T00');
  });
});

describe('planning posts on the database', () => {
  const fake = useFakeSocialGraph();
  const context = useTestApp(fake.settings);
  const db = () => context.database.db;
  const both = ['facebook', 'instagram'] as const;

  beforeEach(async () => {
    await db().delete(socialPosts);
  });

  it('writes one post per network per live Daily Chaska deal, each with its job, once a day', async () => {
    const now = context.clock.moveToNextPakistanTime(11, 0);
    const live = await createSocialDeal(db(), now, { name: 'Karak chai deal', businessName: 'Chai Wala' });
    // Not live: a paused card, a suspended vendor, an ended deal, a card that is no deal.
    await createSocialDeal(db(), now, { cardStatus: 'paused' });
    await createSocialDeal(db(), now, { vendorStatus: 'suspended' });
    await createSocialDeal(db(), now, { endsAt: new Date(now.getTime() - MINUTE) });
    await createSocialDeal(db(), now, { cardType: 'free' });

    const first = await planSocialPosts(db(), context.config, { kinds: ['daily_chaska'], networks: both }, now);
    expect(first).toEqual({ planned: 2, deals: 1 });
    const posts = await db().select().from(socialPosts).orderBy(socialPosts.network);
    expect(posts.map((post) => [post.network, post.kind, post.cardId, post.status])).toEqual([
      ['facebook', 'daily_chaska', live.card.id, 'pending'],
      ['instagram', 'daily_chaska', live.card.id, 'pending'],
    ]);
    const link = `http://localhost:3000/vendors/${live.vendor.slug}?card=${live.card.id}`;
    expect(posts[0]!.link).toBe(link);
    expect(posts[0]!.caption).toBe(
      `Today's Daily Chaska at Chai Wala, Karachi: Karak chai deal for Rs\u00a0299 instead of Rs\u00a0499. Claim it on Chaska: ${link}`,
    );
    // Facebook takes the PNG share picture; Instagram its JPEG form.
    expect(posts[0]!.imageUrl).toBe(`http://localhost:3000/og/deal/${live.card.id}.png`);
    expect(posts[1]!.imageUrl).toBe(`http://localhost:3000/og/deal/${live.card.id}.jpg`);
    const publishJobs = await db().select().from(jobs).where(eq(jobs.name, SOCIAL_PUBLISH_JOB.name));
    expect(publishJobs.map((job) => job.payload.postId).sort()).toEqual(posts.map((post) => post.id).sort());
    expect(publishJobs.every((job) => job.maxAttempts === 5)).toBe(true);

    // The same day again: nothing new. The next day: the deal (still live) is posted again.
    expect(await planSocialPosts(db(), context.config, { kinds: ['daily_chaska'], networks: both }, now)).toEqual({
      planned: 0,
      deals: 1,
    });
    context.clock.advance(24 * HOUR);
    const tomorrow = await planSocialPosts(
      db(),
      context.config,
      { kinds: ['daily_chaska'], networks: ['facebook'] },
      context.clock.now(),
    );
    expect(tomorrow.planned).toBe(1);
  });

  it('posts an hourly deal within the hour of its start, once, and not the Daily Chaska with it', async () => {
    const now = context.clock.moveToNextPakistanTime(15, 10);
    const started = await createSocialDeal(db(), now, {
      name: 'Samosa hour',
      startsAt: new Date(now.getTime() - 10 * MINUTE),
      endsAt: new Date(now.getTime() + 30 * MINUTE),
      originalPrice: null,
    });
    await createSocialDeal(db(), now, {
      startsAt: new Date(now.getTime() - 2 * HOUR),
      endsAt: new Date(now.getTime() + 30 * MINUTE),
    });
    await createSocialDeal(db(), now, {
      startsAt: new Date(now.getTime() + 20 * MINUTE),
      endsAt: new Date(now.getTime() + 40 * MINUTE),
    });
    const planned = await planSocialPosts(
      db(),
      context.config,
      { kinds: ['hourly_deal'], networks: ['facebook'] },
      now,
    );
    expect(planned).toEqual({ planned: 1, deals: 1 });
    const [post] = await db().select().from(socialPosts);
    expect(post).toMatchObject({ kind: 'hourly_deal', cardId: started.card.id, slot: expect.stringMatching(/T15$/) });
    expect(post!.caption).toContain(
      'Hourly Chaska, on now at Karachi Chai House, Karachi: Samosa hour for Rs\u00a0299.',
    );
    expect(
      (await planSocialPosts(db(), context.config, { kinds: ['hourly_deal'], networks: ['facebook'] }, now)).planned,
    ).toBe(0);
  });

  it('plans nothing without a network or a kind', async () => {
    const now = context.clock.now();
    await createSocialDeal(db(), now);
    expect(await planSocialPosts(db(), context.config, { kinds: ['daily_chaska'], networks: [] }, now)).toEqual({
      planned: 0,
      deals: 0,
    });
    expect(await planSocialPosts(db(), context.config, { kinds: [], networks: both }, now)).toEqual({
      planned: 0,
      deals: 0,
    });
  });
});

describe('the recurring job and the schedule', () => {
  const fake = useFakeSocialGraph();
  const context = useTestApp(fake.settings);
  const db = () => context.database.db;

  /** One pass of the job runner a minute later, the planning job's next run. */
  async function nextPass() {
    await runDueJobs(context.app, { recurring: true });
    context.clock.advance(MINUTE);
    await runDueJobs(context.app, { recurring: true });
  }

  it('posts nothing while the schedule is off, then the Daily Chaska at its time, and only once', async () => {
    const start = context.clock.moveToNextPakistanTime(9, 0);
    const deal = await createSocialDeal(db(), start, { name: 'Halwa puri breakfast' });
    await nextPass();
    expect(await db().select().from(socialPosts)).toEqual([]);

    await setSocialSchedule(db(), { enabled: true, dailyPostTime: '09:30', instagram: false });
    await nextPass();
    expect(await db().select().from(socialPosts)).toEqual([]);

    context.clock.moveToNextPakistanTime(9, 30);
    await nextPass();
    const posts = await db().select().from(socialPosts);
    expect(posts.map((post) => [post.network, post.cardId, post.status])).toEqual([
      ['facebook', deal.card.id, 'posted'],
    ]);
    expect(fake.graph.published.filter((post) => post.caption.includes('Halwa puri breakfast'))).toHaveLength(1);

    await nextPass();
    context.clock.advance(3 * HOUR);
    await nextPass();
    expect(await db().select().from(socialPosts)).toHaveLength(1);
  });
});
