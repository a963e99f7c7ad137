import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '@server/app';
import { jobHandlers, runDueJobs } from '@server/background-jobs';
import { campaignRecipients, emailMessages, emailPreferences, jobs, pushSubscriptions, users } from '@server/db/schema';
import { claimJobs, JOB_LEASE_MS, runClaimedJob, runDueJobsOnce } from '@server/lib/job-queue';
import { useTestApp } from '@server/test/build-test-app';
import { createCard, signUpUser, type SignedInUser } from '@server/test/factories';
import { callAs, recordStamps, vendorOwner } from '@server/modules/vendors/vendor-test-helpers';
import { PUSH_SEND_JOB } from '@server/modules/notifications/push-job';
import { CAMPAIGN_BATCH_JOB, CAMPAIGN_START_JOB } from './campaign-jobs';
import { createCampaign } from './campaign-test-helpers';

const DAY = 86_400_000;

describe('sending campaigns on the job runner', () => {
  // Two recipients per batch, so a handful of customers makes several batches.
  const context = useTestApp({ CAMPAIGN_BATCH_SIZE: '2' });
  const db = () => context.database.db;

  async function shop(customers: number) {
    const { owner, vendor } = await vendorOwner(context.app, db(), 'enterprise');
    const card = await createCard(db(), vendor.id, { name: 'Chai Card', stampsRequired: 5 });
    const people: SignedInUser[] = [];
    const now = context.clock.now().getTime();
    for (let index = 0; index < customers; index += 1) {
      const person = await signUpUser(context.app, { name: `Customer${index}` });
      await recordStamps(db(), {
        vendorId: vendor.id,
        cardId: card.id,
        userId: person.id,
        times: [new Date(now - 40 * DAY)],
      });
      people.push(person);
    }
    return { owner, vendor, card, people };
  }

  const create = (cookie: string, body: object) => createCampaign(context.app, cookie, body);

  /** E-mails of a campaign per address, as the outbox holds them. */
  async function emailsTo(people: SignedInUser[]) {
    const messages = await db()
      .select({ to: emailMessages.toEmail, status: emailMessages.status, text: emailMessages.text })
      .from(emailMessages)
      .where(
        and(
          inArray(
            emailMessages.toEmail,
            people.map((person) => person.email),
          ),
          eq(emailMessages.emailType, 'vendor_message'),
        ),
      );
    return people.map((person) => messages.filter((message) => message.to === person.email));
  }

  const figuresOf = async (cookie: string, id: string) =>
    (await callAs(context.app, cookie, 'GET', '/api/vendor/campaigns'))
      .json()
      .campaigns.find((campaign: { id: string }) => campaign.id === id);

  it('e-mails exactly the segment once, never the unsubscribed or muted, and one campaign per vendor a day', async () => {
    const { owner, vendor, card, people } = await shop(4);
    const [close, lapsed, unsubscribed, muted] = people as [SignedInUser, SignedInUser, SignedInUser, SignedInUser];
    // Close to a reward: 4 of 5 stamps.
    await recordStamps(db(), {
      vendorId: vendor.id,
      cardId: card.id,
      userId: close.id,
      times: [1, 2, 3].map((day) => new Date(context.clock.now().getTime() - day * DAY)),
    });
    await db().update(emailPreferences).set({ unsubscribed: true }).where(eq(emailPreferences.userId, unsubscribed.id));
    await db().update(emailPreferences).set({ vendorUpdates: false }).where(eq(emailPreferences.userId, muted.id));

    const first = await create(owner.cookie, { segment: 'close_to_reward' });
    await runDueJobs(context.app);
    expect((await emailsTo(people)).map((each) => each.length)).toEqual([1, 0, 0, 0]);
    expect((await emailsTo([close]))[0]![0]!.status).toBe('sent');
    expect(await figuresOf(owner.cookie, first.id)).toMatchObject({
      status: 'sent',
      figures: { recipients: 1, sent: 1, skipped: 0, delivered: 1, opened: 0, cameBack: 0 },
    });

    // A second campaign the same Pakistan day reaches the lapsed customer, not the one already written to
    // (a minute later, or less when the clock starts in the day's last minute: UTC+5, no daylight saving).
    const untilPakistanMidnight = DAY - ((context.clock.now().getTime() + 5 * 3_600_000) % DAY);
    context.clock.advance(Math.min(60_000, untilPakistanMidnight - 1));
    const second = await create(owner.cookie, { segment: 'all' });
    await runDueJobs(context.app);
    expect((await emailsTo(people)).map((each) => each.length)).toEqual([1, 1, 0, 0]);
    expect((await figuresOf(owner.cookie, second.id)).figures).toMatchObject({ recipients: 2, sent: 1, skipped: 1 });
    // Running the jobs again sends nothing more.
    await runDueJobs(context.app);
    expect((await emailsTo(people)).map((each) => each.length)).toEqual([1, 1, 0, 0]);
    expect(lapsed).toBeDefined();
  });

  it('sends a scheduled campaign at its time, and nothing of a cancelled one', async () => {
    const { owner, people } = await shop(2);
    const at = new Date(context.clock.now().getTime() + 2 * DAY);
    const scheduled = await create(owner.cookie, { sendAt: at.toISOString() });
    const cancelled = await create(owner.cookie, { sendAt: new Date(at.getTime() - 60_000).toISOString() });
    expect(
      (await callAs(context.app, owner.cookie, 'POST', `/api/vendor/campaigns/${cancelled.id}/cancel`)).statusCode,
    ).toBe(200);
    await runDueJobs(context.app);
    expect((await emailsTo(people)).map((each) => each.length)).toEqual([0, 0]);
    await runDueJobs(context.app, { now: at });
    expect((await emailsTo(people)).map((each) => each.length)).toEqual([1, 1]);
    const [sent, gone] = [await figuresOf(owner.cookie, scheduled.id), await figuresOf(owner.cookie, cancelled.id)];
    expect([sent.status, sent.figures.sent, gone.status, gone.figures.recipients]).toEqual(['sent', 2, 'cancelled', 0]);
  });

  it('a restart in the middle of a campaign sends every e-mail once', async () => {
    const { owner, people } = await shop(7);
    await runDueJobs(context.app); // what signing up queued, so only the campaign's jobs are due below
    const campaign = await create(owner.cookie, {});
    const now = context.clock.now();
    const deps = { db: db(), config: context.config, email: context.app.deps.email, log: context.app.log };
    // The start job: 7 recipients in 4 batches of 2, and only the first batch's job queued.
    await runDueJobsOnce(db(), jobHandlers(deps), now, context.app.log, { limit: 1, maxRounds: 1 });
    const chosen = await db().select().from(campaignRecipients).where(eq(campaignRecipients.campaignId, campaign.id));
    expect([...new Set(chosen.map((recipient) => recipient.batch))].sort()).toEqual([0, 1, 2, 3]);
    const batchJobs = async () =>
      (await db().select().from(jobs).where(eq(jobs.name, CAMPAIGN_BATCH_JOB.name))).filter(
        (job) => job.payload.campaignId === campaign.id,
      );
    expect((await batchJobs()).map((job) => job.payload.batch)).toEqual([0]);
    // Two batches run, each queuing the next; the third is claimed by a process that dies before finishing it.
    const batchOnly = new Map([[CAMPAIGN_BATCH_JOB.name, jobHandlers(deps).get(CAMPAIGN_BATCH_JOB.name)!]]);
    const claimBatch = async (batch: number) => {
      const job = (await batchJobs()).find((each) => each.payload.batch === batch);
      expect(job).toBeDefined();
      return (await claimJobs(db(), now, { limit: 1, id: job!.id }))[0];
    };
    for (const batch of [0, 1]) await runClaimedJob(db(), batchOnly, (await claimBatch(batch))!, now, context.app.log);
    const dying = await claimBatch(2);
    expect(dying).toBeDefined();
    const halfway = await db().select().from(campaignRecipients).where(eq(campaignRecipients.campaignId, campaign.id));
    expect(halfway.filter((recipient) => recipient.status === 'sent').length).toBeGreaterThan(0);
    expect(halfway.filter((recipient) => recipient.status === 'pending').length).toBeGreaterThan(0);

    // The app is rebuilt on the same database, and drains after the dead process's lease ran out.
    await context.app.close();
    context.app = await buildApp({
      config: context.config,
      database: context.database,
      logger: false,
      clock: context.clock,
    });
    await context.app.ready();
    context.clock.advance(JOB_LEASE_MS + 1000);
    await runDueJobs(context.app);
    await runDueJobs(context.app);
    expect((await emailsTo(people)).map((each) => each.map((message) => message.status))).toEqual(
      people.map(() => ['sent']),
    );
    expect(await figuresOf(owner.cookie, campaign.id)).toMatchObject({
      status: 'sent',
      figures: { recipients: 7, sent: 7, delivered: 7 },
    });
    const start = await db()
      .select()
      .from(jobs)
      .where(eq(jobs.uniqueKey, `campaign:${campaign.id}:start`));
    expect(start.map((job) => [job.name, job.status])).toEqual([[CAMPAIGN_START_JOB.name, 'done']]);
  });

  it('hands each batch to the outbox whole: every recipient in their language, at their frequency, pushed only with a browser', async () => {
    const { owner, people } = await shop(4);
    const [urdu, turnedOff, digest, withBrowser] = people as [SignedInUser, SignedInUser, SignedInUser, SignedInUser];
    await db().update(users).set({ language: 'ur' }).where(eq(users.id, urdu.id));
    await db().update(emailPreferences).set({ frequency: 'daily' }).where(eq(emailPreferences.userId, digest.id));
    await db().insert(pushSubscriptions).values({
      userId: withBrowser.id,
      endpoint: 'https://push.example.test/endpoint-1',
      p256dh: 'key',
      auth: 'secret',
      createdAt: context.clock.now(),
    });
    await runDueJobs(context.app); // what signing up queued
    const campaign = await create(owner.cookie, {});
    const deps = { db: db(), config: context.config, email: context.app.deps.email, log: context.app.log };
    // The start job chooses all four (2 batches of 2); then one of them turns vendor updates off.
    await runDueJobsOnce(db(), jobHandlers(deps), context.clock.now(), context.app.log, { limit: 1, maxRounds: 1 });
    await db().update(emailPreferences).set({ vendorUpdates: false }).where(eq(emailPreferences.userId, turnedOff.id));
    await runDueJobs(context.app);

    const [toUrdu, toTurnedOff, toDigest, toBrowser] = await emailsTo(people);
    const arabicScript = /[\u0600-\u06ff]/;
    expect(arabicScript.test(toUrdu![0]!.text)).toBe(true);
    expect(arabicScript.test(toBrowser![0]!.text)).toBe(false);
    expect(toTurnedOff).toEqual([]);
    expect([toUrdu!.length, toBrowser!.map((message) => message.status)]).toEqual([1, ['sent']]);
    const [waiting] = await db()
      .select({ status: emailMessages.status, digest: emailMessages.digest })
      .from(emailMessages)
      .where(and(eq(emailMessages.toEmail, digest.email), eq(emailMessages.emailType, 'vendor_message')));
    expect([toDigest!.length, waiting]).toEqual([1, { status: 'queued', digest: 'daily' }]);
    const pushed = (await db().select().from(jobs).where(eq(jobs.name, PUSH_SEND_JOB.name))).map(
      (job) => job.payload.userId,
    );
    expect(pushed.filter((userId) => people.some((person) => person.id === userId))).toEqual([withBrowser.id]);
    const recipients = await db()
      .select({
        userId: campaignRecipients.userId,
        status: campaignRecipients.status,
        message: campaignRecipients.emailMessageId,
      })
      .from(campaignRecipients)
      .where(eq(campaignRecipients.campaignId, campaign.id));
    const statusOf = (person: SignedInUser) => recipients.find((recipient) => recipient.userId === person.id);
    expect(people.map((person) => statusOf(person)?.status)).toEqual(['sent', 'skipped_preferences', 'sent', 'sent']);
    expect(statusOf(turnedOff)?.message).toBeNull();
    expect(recipients.filter((recipient) => recipient.message).length).toBe(3);
    expect((await figuresOf(owner.cookie, campaign.id)).figures).toMatchObject({ recipients: 4, sent: 3, skipped: 1 });
  });

  it('counts delivered, links opened through the tracked link, and customers back within 14 days', async () => {
    const { owner, vendor, card, people } = await shop(3);
    const campaign = await create(owner.cookie, {});
    const sentAt = context.clock.now();
    await runDueJobs(context.app);
    const [first, second] = (await emailsTo(people)).map((each) => each[0]);
    const link = (text: string) => new URL(/https?:\/\/\S+\/api\/campaigns\/open\/\S+/.exec(text)![0]);
    const opened = await context.app.inject({
      method: 'GET',
      url: `${link(first!.text).pathname}${link(first!.text).search}`,
    });
    expect([opened.statusCode, opened.headers.location]).toEqual([
      302,
      `${context.config.publicUrl}/vendors/${vendor.slug}`,
    ]);
    // Twice by the same person is one open; a link whose signature was changed counts nothing.
    await context.app.inject({ method: 'GET', url: `${link(first!.text).pathname}${link(first!.text).search}` });
    const forged = await context.app.inject({ method: 'GET', url: `${link(second!.text).pathname}?t=forged` });
    expect(forged.headers.location).toBe(`${context.config.publicUrl}/`);

    // One customer stamps 3 days later, another 20 days later (too late to count).
    await recordStamps(db(), {
      vendorId: vendor.id,
      cardId: card.id,
      userId: people[0]!.id,
      times: [new Date(sentAt.getTime() + 3 * DAY)],
    });
    await recordStamps(db(), {
      vendorId: vendor.id,
      cardId: card.id,
      userId: people[1]!.id,
      times: [new Date(sentAt.getTime() + 20 * DAY)],
    });
    expect((await figuresOf(owner.cookie, campaign.id)).figures).toEqual({
      recipients: 3,
      heldOut: 0,
      sent: 3,
      skipped: 0,
      delivered: 3,
      opened: 1,
      cameBack: 1,
      // Nobody here asked for vendor updates by phone.
      byPhone: {
        whatsapp: { sent: 0, delivered: 0, read: 0, failed: 0 },
        sms: { sent: 0, delivered: 0, read: 0, failed: 0 },
      },
      lift: null,
    });
  });
});
