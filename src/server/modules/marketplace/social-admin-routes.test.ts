import { and, eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, jobs, socialPosts } from '@server/db/schema';
import { runDueJobs } from '@server/background-jobs';
import { useTestApp } from '@server/test/build-test-app';
import { signUpUser, type SignedInUser } from '@server/test/factories';
import { signUpAdmin } from '@server/test/admin-test-helpers';
import { createSocialDeal, setSocialSchedule, useFakeSocialGraph } from '@server/test/social-test-helpers';
import { SOCIAL_PUBLISH_JOB } from './plan-social-posts';

type Method = 'GET' | 'PUT' | 'POST';

const SCHEDULE = {
  enabled: true,
  facebook: true,
  instagram: true,
  dailyPostTime: '09:30',
  postHourlyDeals: false,
};

describe('the Social Media Agent API, with Facebook and Instagram configured', () => {
  const fake = useFakeSocialGraph();
  const context = useTestApp(fake.settings);
  const db = () => context.database.db;
  const people = {} as Record<'admin' | 'customer', SignedInUser>;
  const call = (method: Method, url: string, cookie?: string, payload?: Record<string, unknown>) =>
    context.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });
  const asAdmin = (method: Method, url: string, payload?: Record<string, unknown>) =>
    call(method, url, people.admin.cookie, payload);

  beforeAll(async () => {
    people.admin = await signUpAdmin(context.app, db());
    people.customer = await signUpUser(context.app);
  });

  beforeEach(async () => {
    await db().delete(socialPosts);
  });

  it('shows each network as configured, and the default schedule before one is saved', async () => {
    const response = await asAdmin('GET', '/api/admin/social');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      networks: [
        { network: 'facebook', configured: true, missing: [] },
        { network: 'instagram', configured: true, missing: [] },
      ],
      publicUrlIsLocal: true,
      publicUrl: 'http://localhost:3000',
      schedule: {
        enabled: false,
        facebook: true,
        instagram: true,
        dailyPostTime: '10:00',
        postHourlyDeals: true,
        updatedBy: null,
        updatedAt: null,
      },
    });
    // Never the token, in any form.
    expect(response.body).not.toContain(fake.settings.FACEBOOK_PAGE_ACCESS_TOKEN);
  });

  it('saves the schedule, shows it, and writes the audit log', async () => {
    const saved = await asAdmin('PUT', '/api/admin/social/schedule', SCHEDULE);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({
      ...SCHEDULE,
      updatedBy: people.admin.email,
      updatedAt: context.clock.now().toISOString(),
    });
    expect((await asAdmin('GET', '/api/admin/social')).json().schedule).toMatchObject(SCHEDULE);
    const again = await asAdmin('PUT', '/api/admin/social/schedule', { ...SCHEDULE, enabled: false });
    expect(again.json().enabled).toBe(false);
    const entries = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'social.schedule_update'))
      .orderBy(auditLog.id);
    expect(entries.map((entry) => [entry.actorEmail, entry.metadata.enabled])).toEqual([
      [people.admin.email, true],
      [people.admin.email, false],
    ]);
    const activity = (await asAdmin('GET', '/api/admin/activity')).json() as { items: { message: string }[] };
    expect(activity.items.map((item) => item.message)).toContain(
      'Social Media Agent schedule saved (automatic posting off)',
    );
  });

  it.each([
    ['a time past 23:59', { ...SCHEDULE, dailyPostTime: '24:00' }, 'dailyPostTime'],
    ['a time without minutes', { ...SCHEDULE, dailyPostTime: '9' }, 'dailyPostTime'],
    ['a time of day in words', { ...SCHEDULE, dailyPostTime: 'noon' }, 'dailyPostTime'],
    ['a switch that is not true or false', { ...SCHEDULE, enabled: 'yes' }, 'enabled'],
    ['a missing field', { enabled: true, facebook: true, instagram: true, dailyPostTime: '09:30' }, 'postHourlyDeals'],
  ])('refuses %s with a field message and changes nothing', async (_case, payload, field) => {
    await setSocialSchedule(db(), { dailyPostTime: '08:15' });
    const response = await asAdmin('PUT', '/api/admin/social/schedule', payload);
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().error.fields)).toContain(field);
    if (field === 'dailyPostTime')
      expect(response.json().error.fields.dailyPostTime).toBe('Enter a time from 00:00 to 23:59, such as 09:30.');
    expect((await asAdmin('GET', '/api/admin/social')).json().schedule.dailyPostTime).toBe('08:15');
  });

  it('refuses the time in Urdu to an admin reading Urdu', async () => {
    const response = await context.app.inject({
      method: 'PUT',
      url: '/api/admin/social/schedule',
      headers: { cookie: `${people.admin.cookie}; chaska_lang=ur`, 'accept-language': 'ur' },
      payload: { ...SCHEDULE, dailyPostTime: '25:61' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields.dailyPostTime).toBe('00:00 سے 23:59 کے درمیان وقت لکھیں، جیسے 09:30۔');
  });

  it("posts today's deals now once, however often it is pressed, and shows them posted in the history", async () => {
    const now = context.clock.now();
    const deal = await createSocialDeal(db(), now, { name: 'Seekh kebab platter', businessName: 'Bundu Khan' });
    await setSocialSchedule(db(), { enabled: false, instagram: true, facebook: true });

    const first = await asAdmin('POST', '/api/admin/social/post-now');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ planned: 2, deals: expect.any(Number) });
    const second = await asAdmin('POST', '/api/admin/social/post-now');
    expect(second.json()).toMatchObject({ planned: 0 });

    await runDueJobs(context.app);
    const page = (await asAdmin('GET', '/api/admin/social/posts?status=posted')).json();
    const mine = page.posts.filter((post: { cardName: string }) => post.cardName === 'Seekh kebab platter');
    expect(mine).toHaveLength(2);
    expect(mine.map((post: { network: string }) => post.network).sort()).toEqual(['facebook', 'instagram']);
    expect(mine[0]).toMatchObject({
      kind: 'daily_chaska',
      vendorName: 'Bundu Khan',
      status: 'posted',
      attempts: 1,
      maxAttempts: 5,
      lastError: null,
      externalUrl: expect.stringMatching(/^https:\/\/www\.(facebook|instagram)\.com\//),
      link: `http://localhost:3000/vendors/${deal.vendor.slug}?card=${deal.card.id}`,
    });
    const published = fake.graph.published.filter((post) => post.caption.includes('Seekh kebab platter'));
    expect(published).toHaveLength(2);
    const audits = await db().select().from(auditLog).where(eq(auditLog.action, 'social.post_now'));
    expect(audits).toHaveLength(2);
  });

  it('pages the history newest first and filters it by status', async () => {
    const now = context.clock.now();
    for (const [index, status] of (['posted', 'failed', 'pending'] as const).entries()) {
      const { card } = await createSocialDeal(db(), now, { name: `Deal ${index}` });
      await db()
        .insert(socialPosts)
        .values({
          network: 'facebook',
          kind: 'daily_chaska',
          cardId: card.id,
          slot: `2026-01-0${index + 1}`,
          caption: `Deal ${index}`,
          imageUrl: 'http://localhost:3000/og/site.png',
          link: 'http://localhost:3000/',
          status,
          attempts: status === 'failed' ? 5 : 1,
          lastError: status === 'failed' ? 'Facebook refused the post (#2): Try later' : null,
          scheduledFor: new Date(now.getTime() + index * 60_000),
          createdAt: now,
          updatedAt: now,
        });
    }
    const firstPage = (await asAdmin('GET', '/api/admin/social/posts?pageSize=2')).json();
    expect(firstPage).toMatchObject({ page: 1, pageSize: 2, total: 3 });
    expect(firstPage.posts.map((post: { cardName: string }) => post.cardName)).toEqual(['Deal 2', 'Deal 1']);
    const secondPage = (await asAdmin('GET', '/api/admin/social/posts?pageSize=2&page=2')).json();
    expect(secondPage.posts.map((post: { cardName: string }) => post.cardName)).toEqual(['Deal 0']);
    const failed = (await asAdmin('GET', '/api/admin/social/posts?status=failed')).json();
    expect(failed.total).toBe(1);
    expect(failed.posts[0]).toMatchObject({ status: 'failed', lastError: 'Facebook refused the post (#2): Try later' });
    for (const query of ['status=lost', 'page=0', 'pageSize=1000', 'page=abc']) {
      const response = await asAdmin('GET', `/api/admin/social/posts?${query}`);
      expect(response.statusCode, query).toBe(400);
    }
  });

  it('retries a failed post with a new job, once, and refuses other posts', async () => {
    const now = context.clock.now();
    const { card } = await createSocialDeal(db(), now, { name: 'Biryani box' });
    const [failed] = await db()
      .insert(socialPosts)
      .values({
        network: 'instagram',
        kind: 'daily_chaska',
        cardId: card.id,
        slot: '2026-02-01',
        caption: 'Biryani box',
        imageUrl: `http://localhost:3000/og/deal/${card.id}.jpg`,
        link: 'http://localhost:3000/',
        status: 'failed',
        attempts: 5,
        lastError: 'Instagram did not answer (no answer in time).',
        scheduledFor: now,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    const retried = await asAdmin('POST', `/api/admin/social/posts/${failed!.id}/retry`);
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toMatchObject({ id: failed!.id, status: 'pending', attempts: 0, cardName: 'Biryani box' });
    const again = await asAdmin('POST', `/api/admin/social/posts/${failed!.id}/retry`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('not_failed');
    const queued = await db()
      .select()
      .from(jobs)
      .where(and(eq(jobs.name, SOCIAL_PUBLISH_JOB.name), eq(jobs.status, 'pending')));
    expect(queued.filter((job) => job.payload.postId === failed!.id)).toHaveLength(1);

    await runDueJobs(context.app);
    const [row] = await db().select().from(socialPosts).where(eq(socialPosts.id, failed!.id));
    expect(row).toMatchObject({ status: 'posted', attempts: 1, lastError: null });
    const audit = await db().select().from(auditLog).where(eq(auditLog.action, 'social.retry'));
    expect(audit.map((entry) => [entry.targetId, entry.metadata.name])).toEqual([[failed!.id, 'Biryani box']]);

    const unknown = await asAdmin('POST', '/api/admin/social/posts/00000000-0000-4000-8000-000000000000/retry');
    expect(unknown.statusCode).toBe(404);
    expect((await asAdmin('POST', '/api/admin/social/posts/not-an-id/retry')).statusCode).toBe(400);
  });

  it.each([
    ['GET', '/api/admin/social'],
    ['PUT', '/api/admin/social/schedule'],
    ['GET', '/api/admin/social/posts'],
    ['POST', '/api/admin/social/post-now'],
    ['POST', '/api/admin/social/posts/00000000-0000-4000-8000-000000000000/retry'],
  ] as const)('%s %s: 401 signed out, 403 for a customer, and nothing posted', async (method, url) => {
    const payload = method === 'PUT' ? SCHEDULE : undefined;
    expect((await call(method, url, undefined, payload)).statusCode).toBe(401);
    expect((await call(method, url, people.customer.cookie, payload)).statusCode).toBe(403);
    expect(await db().select().from(socialPosts)).toEqual([]);
  });
});

describe('the Social Media Agent API, with nothing configured', () => {
  const context = useTestApp();
  let admin: SignedInUser;

  beforeAll(async () => {
    admin = await signUpAdmin(context.app, context.database.db);
  });

  it('names the variables each network still needs, and posts nothing', async () => {
    const overview = await context.app.inject({
      method: 'GET',
      url: '/api/admin/social',
      headers: { cookie: admin.cookie },
    });
    expect(overview.json().networks).toEqual([
      { network: 'facebook', configured: false, missing: ['FACEBOOK_PAGE_ID', 'FACEBOOK_PAGE_ACCESS_TOKEN'] },
      { network: 'instagram', configured: false, missing: ['INSTAGRAM_ACCOUNT_ID', 'FACEBOOK_PAGE_ACCESS_TOKEN'] },
    ]);
    await createSocialDeal(context.database.db, context.clock.now());
    const postNow = await context.app.inject({
      method: 'POST',
      url: '/api/admin/social/post-now',
      headers: { cookie: admin.cookie },
    });
    expect(postNow.statusCode).toBe(409);
    expect(postNow.json().error).toMatchObject({
      code: 'no_network',
      message:
        'No network is both chosen and configured: choose Facebook or Instagram in the schedule, and set its settings on the server.',
    });
    expect(await context.database.db.select().from(socialPosts)).toEqual([]);
  });
});
