import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { jobs, socialPosts } from '@server/db/schema';
import { runDueJobs } from '@server/background-jobs';
import { retryDelayMs, runDueJobsOnce } from '@server/lib/job-queue';
import { useTestApp } from '@server/test/build-test-app';
import { createSocialDeal, useFakeSocialGraph } from '@server/test/social-test-helpers';
import { planSocialPosts, SOCIAL_PUBLISH_JOB } from './plan-social-posts';
import { socialPublishHandler } from './social-post-jobs';
import { isRetryableGraphError } from './social-publisher';

describe("which of Meta's refusals may pass by themselves", () => {
  it.each([
    [503, { error: { code: 2, is_transient: true } }, true],
    [500, null, true],
    [429, null, true],
    [400, { error: { code: 4, message: 'Application request limit reached' } }, true],
    [400, { error: { code: 32, message: 'Page request limit reached' } }, true],
    [400, { error: { code: 80001, message: 'There have been too many calls to this Page account' } }, true],
    [400, { error: { code: 9007, message: 'Media ID is not available' } }, true],
    [400, { error: { code: 190, message: 'Invalid OAuth access token' } }, false],
    [400, { error: { code: 100, message: 'Invalid parameter' } }, false],
    [403, { error: { code: 200, message: 'Permissions error' } }, false],
    [404, null, false],
  ])('HTTP %s with %j: retryable %s', (status, body, retryable) => {
    expect(isRetryableGraphError(status, body)).toBe(retryable);
  });
});

describe('publishing a planned post: retries and giving up', () => {
  const fake = useFakeSocialGraph();
  const context = useTestApp(fake.settings);
  const db = () => context.database.db;

  beforeEach(async () => {
    await db().delete(socialPosts);
    await db().delete(jobs).where(eq(jobs.name, SOCIAL_PUBLISH_JOB.name));
    fake.graph.failNext(0);
  });

  async function planOne(network: 'facebook' | 'instagram', name: string) {
    const now = context.clock.now();
    await createSocialDeal(db(), now, { name });
    await planSocialPosts(db(), context.config, { kinds: ['daily_chaska'], networks: [network] }, now);
    const [post] = await db().select().from(socialPosts);
    return post!;
  }

  const postRow = async (id: string) => (await db().select().from(socialPosts).where(eq(socialPosts.id, id)))[0]!;
  const jobOf = async (id: string) =>
    (await db().select().from(jobs).where(eq(jobs.name, SOCIAL_PUBLISH_JOB.name))).find(
      (job) => job.payload.postId === id,
    )!;

  it('tries again after a 5xx with the queue’s back-off, and records each try until it is posted', async () => {
    const post = await planOne('instagram', 'Nihari for four');
    fake.graph.failNext(2);

    await runDueJobs(context.app);
    expect(await postRow(post.id)).toMatchObject({ status: 'pending', attempts: 1, externalId: null });
    expect((await postRow(post.id)).lastError).toBe(
      'Instagram refused the post (#2): An unexpected error has occurred. Please retry your request later.',
    );
    const job = await jobOf(post.id);
    expect(job.status).toBe('pending');
    expect(job.runAt.getTime()).toBe(context.clock.now().getTime() + retryDelayMs(1));

    // Not before its time.
    await runDueJobs(context.app);
    expect((await postRow(post.id)).attempts).toBe(1);

    context.clock.advance(retryDelayMs(1));
    await runDueJobs(context.app);
    expect(await postRow(post.id)).toMatchObject({ status: 'pending', attempts: 2 });

    context.clock.advance(retryDelayMs(2));
    await runDueJobs(context.app);
    const posted = await postRow(post.id);
    expect(posted).toMatchObject({ status: 'posted', attempts: 3, lastError: null });
    expect(posted.postedAt?.getTime()).toBe(context.clock.now().getTime());
    const published = fake.graph.published.find((candidate) => candidate.id === posted.externalId);
    expect(published).toMatchObject({ network: 'instagram', imageUrl: post.imageUrl, caption: post.caption });
    expect(posted.externalUrl).toBe(published!.permalink);
    expect((await jobOf(post.id)).status).toBe('done');

    // Done is done: running the queue again publishes nothing more.
    const count = fake.graph.published.length;
    context.clock.advance(retryDelayMs(5));
    await runDueJobs(context.app);
    expect(fake.graph.published).toHaveLength(count);
  });

  it('gives up after SOCIAL_POST_MAX_ATTEMPTS failures and marks the post failed', async () => {
    const post = await planOne('facebook', 'Paratha roll');
    fake.graph.failNext(100, 502);
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      await runDueJobs(context.app);
      expect((await postRow(post.id)).attempts).toBe(attempt);
      context.clock.advance(retryDelayMs(attempt));
    }
    const failed = await postRow(post.id);
    expect(failed).toMatchObject({ status: 'failed', attempts: 5, externalId: null });
    expect(failed.lastError).toContain('Facebook refused the post (#2)');
    expect((await jobOf(post.id)).status).toBe('failed');
    await runDueJobs(context.app);
    expect((await postRow(post.id)).attempts).toBe(5);
  });

  it('fails at once when retrying cannot help: a token Meta refuses', async () => {
    const post = await planOne('facebook', 'Chicken karahi');
    const wrongToken = {
      ...context.config,
      social: {
        ...context.config.social,
        facebook: { pageId: context.config.social.facebook!.pageId, accessToken: 'EAAGnot-the-pages-token-000' },
      },
    };
    const handler = socialPublishHandler({ db: db(), config: wrongToken, log: context.app.log });
    await runDueJobsOnce(db(), new Map([[handler.name, handler]]), context.clock.now(), context.app.log);
    const failed = await postRow(post.id);
    expect(failed).toMatchObject({ status: 'failed', attempts: 1 });
    expect(failed.lastError).toBe(
      'Facebook refused the post (#190): Invalid OAuth access token - Cannot parse access token',
    );
    expect(failed.lastError).not.toContain('EAAGnot-the-pages-token');
    expect((await jobOf(post.id)).status).toBe('failed');
  });

  it('fails at once on a network that has lost its settings, naming the variables to set', async () => {
    const post = await planOne('instagram', 'Gol gappay');
    const withoutInstagram = {
      ...context.config,
      social: {
        ...context.config.social,
        instagram: undefined,
        missing: { facebook: [], instagram: ['INSTAGRAM_ACCOUNT_ID'] },
      },
    };
    const handler = socialPublishHandler({ db: db(), config: withoutInstagram, log: context.app.log });
    await runDueJobsOnce(db(), new Map([[handler.name, handler]]), context.clock.now(), context.app.log);
    expect(await postRow(post.id)).toMatchObject({
      status: 'failed',
      attempts: 1,
      lastError: 'Instagram is not configured: set INSTAGRAM_ACCOUNT_ID.',
    });
  });
});
