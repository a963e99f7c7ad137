import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { EmailFrequency } from '@shared/notifications/email';
import { openDatabase } from '@server/db/client';
import { emailLogs, emailMessages } from '@server/db/schema';
import { useTestApp } from '@server/test/build-test-app';
import { signUpUser, type SignedInUser } from '@server/test/factories';
import { runDueJobs } from '@server/background-jobs';
import { createEmailService, type EmailService } from './email-service';
import { enqueueAndRunNow } from './email-test-helpers';
import { createRecordingTransport } from './recording-transport';
import { rewardEarnedEmail, stampCollectedEmail } from './templates/stamp-emails';
import { renderLayout } from './templates/layout';

const silentLogger = { warn: () => undefined, error: () => undefined } as unknown as FastifyInstance['log'];

// Tuesday 11 March 2025, 07:00 in Karachi. The daily digest goes out at 09:00 (04:00 UTC) the
// same day, the weekly one on Monday 17 March at 09:00.
const TUESDAY_MORNING = new Date('2025-03-11T02:00:00.000Z');
const DAILY_DIGEST_TIME = new Date('2025-03-11T04:00:00.000Z');
const WEEKLY_DIGEST_TIME = new Date('2025-03-17T04:00:00.000Z');
const justBefore = (time: Date) => new Date(time.getTime() - 1);

describe('daily and weekly digests', () => {
  const context = useTestApp();
  /** The one "run due jobs now" of the tests, for a service built without an app. */
  const drain = (email: EmailService, now: Date) =>
    runDueJobs({ db: context.database.db, config: context.config, email, log: silentLogger }, { now });

  function serviceAt(now: Date) {
    const transport = createRecordingTransport();
    const service = createEmailService(context.config, context.database.db, silentLogger, transport, {
      now: () => now,
    });
    return { transport, service };
  }

  async function userWithFrequency(
    frequency: EmailFrequency,
    overrides: Record<string, boolean> = {},
  ): Promise<SignedInUser> {
    const user = await signUpUser(context.app);
    // The sign-up's own e-mails (verification, welcome) leave the outbox before the test's begin.
    await drain(context.app.deps.email, context.app.deps.clock.now());
    const response = await context.app.inject({
      method: 'PUT',
      url: '/api/email-preferences',
      headers: { cookie: user.cookie },
      payload: {
        welcome_emails: true,
        stamp_notifications: true,
        reward_notifications: true,
        daily_chaska: true,
        hourly_chaska: false,
        vendor_updates: true,
        marketing_emails: false,
        frequency,
        ...overrides,
      },
    });
    expect(response.statusCode).toBe(200);
    return user;
  }

  // A digest user's notifications wait in the outbox for the digest, with no job of their own.
  const sendStamp = (service: ReturnType<typeof serviceAt>['service'], user: SignedInUser) =>
    service.enqueue({
      type: 'stamp',
      to: user.email,
      userId: user.id,
      render: ({ unsubscribeUrl }) =>
        stampCollectedEmail({
          name: 'Ayesha',
          vendorName: 'Kolachi Grill',
          cardName: 'Karahi Club',
          stampsCollected: 3,
          stampsRequired: 10,
          rewardTitle: 'Free Karahi',
          dashboardUrl: 'http://localhost:3000/user',
          unsubscribeUrl,
        }),
    });
  const sendReward = (service: ReturnType<typeof serviceAt>['service'], user: SignedInUser) =>
    service.enqueue({
      type: 'reward',
      to: user.email,
      userId: user.id,
      render: ({ unsubscribeUrl }) =>
        rewardEarnedEmail({
          name: 'Ayesha',
          vendorName: 'Butt Sweets',
          cardName: 'Mithai Club',
          rewardTitle: 'Free Gulab Jamun',
          rewardValue: 300,
          rewardUrl: 'http://localhost:3000/user',
          unsubscribeUrl,
        }),
    });

  async function messagesOf(user: SignedInUser) {
    return context.database.db
      .select()
      .from(emailMessages)
      .where(and(eq(emailMessages.userId, user.id)));
  }

  it('gathers a daily user’s e-mails into one digest at the digest hour, not before', async () => {
    const user = await userWithFrequency('daily');
    const { service, transport } = serviceAt(TUESDAY_MORNING);
    expect(await sendStamp(service, user)).toBe('queued');
    expect(await sendReward(service, user)).toBe('queued');
    expect(transport.delivered).toEqual([]);

    const members = (await messagesOf(user)).filter((message) => message.digest);
    expect(members).toHaveLength(2);
    for (const member of members) {
      expect(member).toMatchObject({ status: 'queued', digest: 'daily' });
      expect(member.nextAttemptAt.toISOString()).toBe(DAILY_DIGEST_TIME.toISOString());
      expect(member.headers['List-Unsubscribe']).toMatch(/^<http:\/\/localhost:3000\/unsubscribe\?u=/);
    }
    const queuedLogs = await context.database.db
      .select()
      .from(emailLogs)
      .where(and(eq(emailLogs.recipientEmail, user.email), eq(emailLogs.status, 'queued')));
    // The sign-up's verification and welcome were queued too, before the preference was daily.
    expect(queuedLogs.map((log) => log.emailType).sort()).toEqual(['reward', 'stamp', 'verification', 'welcome']);

    // The queue worker never sends a digest member on its own, however late it runs.
    expect(await drain(service, new Date(WEEKLY_DIGEST_TIME.getTime() + 86_400_000))).toBe(0);
    expect(await service.sendDueDigests(justBefore(DAILY_DIGEST_TIME))).toBe(0);
    expect(transport.delivered).toEqual([]);

    expect(await service.sendDueDigests(DAILY_DIGEST_TIME)).toBe(1);
    expect(transport.delivered).toHaveLength(1);
    const [digest] = transport.delivered;
    expect(digest!.to).toBe(user.email);
    expect(digest!.subject).toBe('Your daily Chaska digest: 2 updates');
    expect(digest!.text).toContain('Stamp collected at Kolachi Grill (3/10)');
    expect(digest!.text).toContain('You earned a reward at Butt Sweets!');
    expect(digest!.text).toContain('Your reward: Free Gulab Jamun');
    expect(digest!.text.match(/Unsubscribe: /g)).toHaveLength(1);
    expect(digest!.html).toContain('Kolachi Grill');
    expect(digest!.headers).toMatchObject({ 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });

    const after = await messagesOf(user);
    expect(after.filter((message) => message.digest).map((message) => message.status)).toEqual([
      'digested',
      'digested',
    ]);
    expect(after.filter((message) => message.emailType === 'digest').map((message) => message.status)).toEqual([
      'sent',
    ]);
    expect(await service.sendDueDigests(new Date(DAILY_DIGEST_TIME.getTime() + 60_000))).toBe(0);
    expect(transport.delivered).toHaveLength(1);
  });

  it('sends weekly digests on Monday only', async () => {
    const user = await userWithFrequency('weekly');
    const { service, transport } = serviceAt(TUESDAY_MORNING);
    expect(await sendStamp(service, user)).toBe('queued');
    expect(await service.sendDueDigests(DAILY_DIGEST_TIME)).toBe(0);
    expect(await service.sendDueDigests(justBefore(WEEKLY_DIGEST_TIME))).toBe(0);
    expect(await service.sendDueDigests(WEEKLY_DIGEST_TIME)).toBe(1);
    expect(transport.delivered.map((email) => email.subject)).toEqual(['Your weekly Chaska digest: 1 update']);
  });

  it('sends security alerts at once for digest users, and only those for "never"', async () => {
    const daily = await userWithFrequency('daily');
    const never = await userWithFrequency('never');
    const { service, transport } = serviceAt(TUESDAY_MORNING);
    const alert = (user: SignedInUser) =>
      enqueueAndRunNow({
        db: context.database.db,
        email: service,
        message: {
          type: 'security',
          to: user.email,
          userId: user.id,
          render: () => renderLayout({ subject: 'New sign-in', heading: 'New sign-in', paragraphs: [] }),
        },
        now: TUESDAY_MORNING,
      });
    expect(await alert(daily)).toBe('sent');
    expect(await alert(never)).toBe('sent');
    expect(await sendStamp(service, never)).toBe('skipped');
    expect(transport.delivered.map((email) => email.to).sort()).toEqual([daily.email, never.email].sort());
    const neverLogs = await context.database.db
      .select()
      .from(emailLogs)
      .where(eq(emailLogs.recipientEmail, never.email));
    expect(neverLogs.filter((log) => log.emailType === 'stamp').map((log) => log.status)).toEqual(['skipped']);
  });

  it('drops members the user no longer wants by digest time, and sends no empty digest', async () => {
    const user = await userWithFrequency('daily');
    const { service, transport } = serviceAt(TUESDAY_MORNING);
    await sendStamp(service, user);
    await context.app.inject({
      method: 'POST',
      url: '/api/email-preferences/unsubscribe',
      headers: { cookie: user.cookie },
    });
    expect(await service.sendDueDigests(DAILY_DIGEST_TIME)).toBe(0);
    expect(transport.delivered).toEqual([]);
    const [member] = (await messagesOf(user)).filter((message) => message.digest);
    expect(member!.status).toBe('skipped');
    const logs = await context.database.db.select().from(emailLogs).where(eq(emailLogs.recipientEmail, user.email));
    expect(
      logs
        .filter((log) => log.emailType === 'stamp')
        .map((log) => log.status)
        .sort(),
    ).toEqual(['queued', 'skipped']);
  });

  it('releases waiting e-mails when the user switches back to immediate', async () => {
    const user = await userWithFrequency('daily');
    const { service, transport } = serviceAt(TUESDAY_MORNING);
    await sendStamp(service, user);
    await userFrequency(user, 'immediate');
    expect(await drain(service, context.clock.now())).toBeGreaterThanOrEqual(1);
    expect(transport.delivered.map((email) => email.subject)).toEqual(['Stamp collected at Kolachi Grill (3/10)']);
    expect(await service.sendDueDigests(WEEKLY_DIGEST_TIME)).toBe(0);
  });

  it('builds one digest per user even when two servers run the job at once', async () => {
    const user = await userWithFrequency('daily');
    const { service: serverA, transport: transportA } = serviceAt(TUESDAY_MORNING);
    await sendStamp(serverA, user);
    await sendReward(serverA, user);
    const url = (context.database as { url?: string }).url;
    const secondHandle = url ? await openDatabase({ kind: 'postgres', url }) : context.database;
    try {
      const transportB = createRecordingTransport();
      const serverB = createEmailService(context.config, secondHandle.db, silentLogger, transportB, {
        now: () => TUESDAY_MORNING,
      });
      const built = await Promise.all([
        serverA.sendDueDigests(DAILY_DIGEST_TIME),
        serverB.sendDueDigests(DAILY_DIGEST_TIME),
      ]);
      expect(built[0] + built[1]).toBe(1);
      const delivered = [...transportA.delivered, ...transportB.delivered].filter((email) => email.to === user.email);
      expect(delivered.map((email) => email.subject)).toEqual(['Your daily Chaska digest: 2 updates']);
    } finally {
      if (secondHandle !== context.database) await secondHandle.close();
    }
  });

  async function userFrequency(user: SignedInUser, frequency: EmailFrequency) {
    const current = (
      await context.app.inject({ method: 'GET', url: '/api/email-preferences', headers: { cookie: user.cookie } })
    ).json().preferences;
    const { updated_at: _updatedAt, unsubscribed: _unsubscribed, ...editable } = current;
    const response = await context.app.inject({
      method: 'PUT',
      url: '/api/email-preferences',
      headers: { cookie: user.cookie },
      payload: { ...editable, frequency },
    });
    expect(response.statusCode).toBe(200);
  }
});
