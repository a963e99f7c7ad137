import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '@server/app';
import { openDatabase, type DatabaseHandle } from '@server/db/client';
import { emailLogs, emailMessages } from '@server/db/schema';
import { testConfig } from '@server/test/build-test-app';
import { signUpUser, uniqueEmail } from '@server/test/factories';
import { createTestDatabase } from '@server/test/test-database';
import { runDueJobs, startJobRunner } from '@server/background-jobs';
import { retryDelayMs } from '@server/lib/job-queue';
import { createEmailService, type EmailService } from './email-service';
import { enqueueAndRunNow } from './email-test-helpers';
import type { EmailTransport } from './email-transport';
import { createRecordingTransport } from './recording-transport';
import { renderLayout } from './templates/layout';
import { TestClock } from '@server/test/test-clock';

const silentLogger = { warn: () => undefined, error: () => undefined } as unknown as FastifyInstance['log'];

function securityNotice(subject: string) {
  return () => renderLayout({ subject, heading: subject, paragraphs: ['Your password was changed.'] });
}

/** The one "run due jobs now" of the tests, for a service built without an app. */
function drain(email: EmailService, now: Date, db = database.db) {
  return runDueJobs({ db, config, email, log: silentLogger }, { now });
}

async function messagesTo(database: DatabaseHandle, to: string) {
  return database.db.select().from(emailMessages).where(eq(emailMessages.toEmail, to));
}

async function logStatuses(database: DatabaseHandle, to: string) {
  const rows = await database.db
    .select()
    .from(emailLogs)
    .where(eq(emailLogs.recipientEmail, to))
    .orderBy(emailLogs.sentAt);
  return rows.map((row) => row.status);
}

const config = testConfig();
let database: DatabaseHandle & { url?: string };

describe('the durable e-mail queue', () => {
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  it('closing the app waits for an e-mail that nobody awaited (one queued after an answer, being delivered)', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let delivering: () => void = () => undefined;
    const started = new Promise<void>((resolve) => {
      delivering = resolve;
    });
    const delivered: string[] = [];
    const slow: EmailTransport = {
      name: 'outbox',
      async deliver(email) {
        delivering();
        await gate;
        delivered.push(email.to);
      },
      verify: async () => true,
    };
    // A database of its own: the job runner schedules its recurring jobs, which the other tests' counts leave out.
    const own = await createTestDatabase();
    const app = await buildApp({
      config,
      database: own,
      logger: false,
      emailTransport: slow,
      clock: new TestClock(),
    });
    try {
      startJobRunner(app, { intervalMs: 10 });
      await app.ready();
      const to = uniqueEmail('after-answer');
      void app.deps.email.enqueue({ type: 'security', to, render: securityNotice('Password changed') });
      // The job runner's pass has the e-mail in the mail server's hands.
      await started;

      let closed = false;
      const closing = app.close().then(() => {
        closed = true;
      });
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(closed).toBe(false);
      release();
      await closing;
      expect(delivered).toEqual([to]);
      const [message] = await messagesTo(own, to);
      expect(message).toMatchObject({ status: 'sent' });
    } finally {
      release();
      await app.close();
      await own.close();
    }
  });

  it('keeps a queued e-mail across a restart and sends it exactly once afterwards', async () => {
    const failing = createRecordingTransport();
    failing.failNext(1);
    const before = await buildApp({ config, database, logger: false, emailTransport: failing, clock: new TestClock() });
    await before.ready();
    const to = uniqueEmail('restart');
    expect(
      await enqueueAndRunNow({
        db: database.db,
        email: before.deps.email,
        message: { type: 'security', to, render: securityNotice('Password changed') },
        now: before.deps.clock.now(),
      }),
    ).toBe('queued');
    await before.close();

    const [queued] = await messagesTo(database, to);
    expect(queued).toMatchObject({
      status: 'queued',
      attempts: 1,
      lastError: '451 Temporary failure, please try again later',
    });

    const working = createRecordingTransport();
    const after = await buildApp({ config, database, logger: false, emailTransport: working, clock: new TestClock() });
    await after.ready();
    try {
      const dueTime = new Date(queued!.nextAttemptAt.getTime() + 1000);
      expect(await runDueJobs(after, { now: dueTime })).toBe(1);
      expect(await runDueJobs(after, { now: new Date(dueTime.getTime() + 24 * 3600_000) })).toBe(0);
      expect(working.delivered.map((email) => email.to)).toEqual([to]);
      const [sent] = await messagesTo(database, to);
      expect(sent).toMatchObject({ status: 'sent', attempts: 2, lastError: null, transport: 'smtp' });
      expect(await logStatuses(database, to)).toEqual(['queued', 'failed', 'sent']);
    } finally {
      await after.close();
    }
  });

  it('sends each e-mail once when two servers deliver at the same moment', async () => {
    const RACE_TIME = new Date('2026-03-11T07:30:00Z');
    // On PostgreSQL the second "server" has a connection pool of its own, so the race is real.
    const secondHandle = database.url ? await openDatabase({ kind: 'postgres', url: database.url }) : database;
    try {
      const recipients = Array.from({ length: 12 }, () => uniqueEmail('race'));
      const first = createRecordingTransport();
      const second = createRecordingTransport();
      const serverA = createEmailService(config, database.db, silentLogger, first, { now: () => RACE_TIME });
      const serverB = createEmailService(config, secondHandle.db, silentLogger, second, { now: () => RACE_TIME });
      for (const to of recipients)
        expect(await serverA.enqueue({ type: 'security', to, render: securityNotice('Race') })).toBe('queued');
      const counts = await Promise.all([
        drain(serverA, RACE_TIME, database.db),
        drain(serverB, RACE_TIME, secondHandle.db),
        drain(serverA, RACE_TIME, database.db),
      ]);
      const delivered = [...first.delivered, ...second.delivered]
        .map((email) => email.to)
        .filter((to) => recipients.includes(to));
      expect(delivered.sort()).toEqual([...recipients].sort());
      expect(counts.reduce((sum, count) => sum + count, 0)).toBe(recipients.length);
      expect(new Set([...first.delivered, ...second.delivered].map((email) => email.to)).size).toBe(
        first.delivered.length + second.delivered.length,
      );
    } finally {
      if (secondHandle !== database) await secondHandle.close();
    }
  });

  it('retries with growing back-off while the transport fails, then sends', async () => {
    const transport = createRecordingTransport();
    const start = new Date('2025-06-02T05:00:00.000Z');
    let now = start;
    const service = createEmailService(config, database.db, silentLogger, transport, { now: () => now });
    const to = uniqueEmail('retry');
    transport.failNext(2);

    const signInAlert = { type: 'security' as const, to, render: securityNotice('New sign-in') };
    expect(await enqueueAndRunNow({ db: database.db, email: service, message: signInAlert, now })).toBe('queued');
    let [message] = await messagesTo(database, to);
    expect(message).toMatchObject({ status: 'queued', attempts: 1 });
    expect(message!.nextAttemptAt.getTime()).toBe(start.getTime() + retryDelayMs(1));

    const beforeFirstRetry = new Date(start.getTime() + retryDelayMs(1) - 1);
    expect(await drain(service, beforeFirstRetry)).toBe(0);

    now = new Date(start.getTime() + retryDelayMs(1));
    expect(await drain(service, now)).toBe(1);
    [message] = await messagesTo(database, to);
    expect(message).toMatchObject({ status: 'queued', attempts: 2 });
    expect(message!.nextAttemptAt.getTime()).toBe(now.getTime() + retryDelayMs(2));
    expect(retryDelayMs(2)).toBeGreaterThan(retryDelayMs(1));

    expect(await drain(service, new Date(now.getTime() + retryDelayMs(2) - 1))).toBe(0);
    expect(await drain(service, new Date(now.getTime() + retryDelayMs(2)))).toBe(1);
    [message] = await messagesTo(database, to);
    expect(message).toMatchObject({ status: 'sent', attempts: 3 });
    expect(transport.delivered.filter((email) => email.to === to)).toHaveLength(1);
    expect(await logStatuses(database, to)).toEqual(['queued', 'failed', 'failed', 'sent']);
  });

  it('delivers e-mails claimed together in one go, and tries one whose delivery failed again alone', async () => {
    const transport = createRecordingTransport();
    const now = new Date('2025-06-03T05:00:00.000Z');
    const service = createEmailService(config, database.db, silentLogger, transport, { now: () => now });
    const addresses = [uniqueEmail('many'), uniqueEmail('many'), uniqueEmail('many')];
    for (const to of addresses)
      expect(await service.enqueue({ type: 'security', to, render: securityNotice('New sign-in') })).toBe('queued');
    transport.failNext(1);
    expect(await drain(service, now)).toBe(3);
    for (const to of addresses) {
      const [message] = await messagesTo(database, to);
      expect(message).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
      expect(transport.delivered.filter((email) => email.to === to)).toHaveLength(1);
      expect(await logStatuses(database, to)).toEqual(['queued', 'sent']);
    }
  });

  it('gives up after six attempts and marks the e-mail failed', async () => {
    const transport = createRecordingTransport();
    let now = new Date('2025-06-03T05:00:00.000Z');
    const service = createEmailService(config, database.db, silentLogger, transport, { now: () => now });
    const to = uniqueEmail('give-up');
    transport.failNext(100);
    const first = { type: 'security' as const, to, render: securityNotice('New sign-in') };
    expect(await enqueueAndRunNow({ db: database.db, email: service, message: first, now })).toBe('queued');
    for (let attempt = 2; attempt <= 6; attempt += 1) {
      now = new Date(now.getTime() + 7 * 3600_000);
      expect(await drain(service, now)).toBe(1);
    }
    now = new Date(now.getTime() + 7 * 3600_000);
    expect(await drain(service, now)).toBe(0);
    const [message] = await messagesTo(database, to);
    expect(message).toMatchObject({ status: 'failed', attempts: 6 });
    expect(await logStatuses(database, to)).toEqual(['queued', ...Array<string>(6).fill('failed')]);
  });

  it('never loses the user action when e-mail is down: sign-up succeeds and the welcome waits', async () => {
    const transport = createRecordingTransport();
    transport.failNext(100);
    const app = await buildApp({ config, database, logger: false, emailTransport: transport, clock: new TestClock() });
    await app.ready();
    try {
      const user = await signUpUser(app);
      const welcome = () =>
        database.db
          .select()
          .from(emailMessages)
          .where(and(eq(emailMessages.toEmail, user.email), eq(emailMessages.emailType, 'welcome')));
      // The answer never waited for the mail server: the welcome is in the outbox, not yet tried.
      expect(await welcome()).toMatchObject([{ status: 'queued', attempts: 0 }]);
      await drain(app.deps.email, app.deps.clock.now(), database.db);
      expect(await welcome()).toMatchObject([{ status: 'queued', attempts: 1 }]);
      // The verification and the welcome: each queued with the sign-up, then tried once and failed.
      expect(await logStatuses(database, user.email)).toEqual(['queued', 'queued', 'failed', 'failed']);
    } finally {
      await app.close();
    }
  });
});
