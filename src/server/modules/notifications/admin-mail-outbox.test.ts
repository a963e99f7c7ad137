import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '@server/app';
import { runDueJobs } from '@server/background-jobs';
import { emailMessages } from '@server/db/schema';
import type { DatabaseHandle } from '@server/db/client';
import { testConfig } from '@server/test/build-test-app';
import { createCard, createVendor, signUpUser, type SignedInUser } from '@server/test/factories';
import { createTestDatabase } from '@server/test/test-database';
import { TestClock } from '@server/test/test-clock';
import type { EmailTransport, OutgoingEmail } from '@server/modules/notifications/email-transport';
import { signUpAdmin } from '@server/test/admin-test-helpers';

/** A mail server that answers normally until it is stalled, then holds every delivery until released. */
function stallableTransport() {
  const delivered: OutgoingEmail[] = [];
  let release: () => void = () => undefined;
  let stalled: Promise<void> | null = null;
  const transport: EmailTransport = {
    name: 'smtp',
    async deliver(email) {
      if (stalled) await stalled;
      delivered.push(email);
    },
    async verify() {
      return stalled === null;
    },
  };
  return {
    transport,
    delivered,
    stall() {
      stalled = new Promise((resolve) => (release = resolve));
    },
    release() {
      stalled = null;
      release();
    },
  };
}

/** The answer, or a failure if it takes longer than a request should. */
async function promptly<T>(answer: Promise<T>, ms = 3000): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>(
    (_, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms)),
  );
  try {
    return await Promise.race([answer, late]);
  } finally {
    clearTimeout(timer);
  }
}

describe('admin and moderation e-mails go through the outbox', () => {
  const smtp = stallableTransport();
  const clock = new TestClock();
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let admin: SignedInUser;

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await buildApp({ config: testConfig(), database, logger: false, emailTransport: smtp.transport, clock });
    await app.ready();
    admin = await signUpAdmin(app, database.db);
  });

  afterAll(async () => {
    smtp.release();
    await app?.close();
    await database?.close();
  });

  const post = (url: string, payload?: Record<string, unknown>) =>
    promptly(app.inject({ method: 'POST', url, headers: { cookie: admin.cookie }, ...(payload ? { payload } : {}) }));
  const outbox = (to: string, type: string) =>
    database.db
      .select()
      .from(emailMessages)
      .where(and(eq(emailMessages.toEmail, to), eq(emailMessages.emailType, type)));

  it('answers approve, reject, suspend and card moderation while the mail server hangs, with the mail queued', async () => {
    const db = database.db;
    const approvedOwner = await signUpUser(app);
    const rejectedOwner = await signUpUser(app);
    const suspendedOwner = await signUpUser(app);
    const pending = await createVendor(db, { ownerUserId: approvedOwner.id, status: 'pending' });
    const refused = await createVendor(db, { ownerUserId: rejectedOwner.id, status: 'pending' });
    const trading = await createVendor(db, { ownerUserId: suspendedOwner.id });
    const card = await createCard(db, trading.id, { name: 'Samosa Club' });
    // The owners' sign-up e-mails leave the outbox first.
    await runDueJobs(app);

    const deliveredBefore = smtp.delivered.length;
    smtp.stall();
    expect((await post(`/api/admin/vendors/${pending.id}/approve`)).statusCode).toBe(200);
    expect((await post(`/api/admin/vendors/${refused.id}/reject`, { reason: 'No address.' })).statusCode).toBe(200);
    expect((await post(`/api/admin/cards/${card.id}/pause`, { reason: 'Blurry photo.' })).statusCode).toBe(200);
    expect((await post(`/api/admin/vendors/${trading.id}/suspend`, { reason: 'Complaints.' })).statusCode).toBe(200);

    const queued = [
      ...(await outbox(approvedOwner.email, 'vendor_approved')),
      ...(await outbox(rejectedOwner.email, 'vendor_rejected')),
      ...(await outbox(suspendedOwner.email, 'vendor_moderation')),
    ];
    expect(queued.map((message) => message.status)).toEqual(['queued', 'queued', 'queued', 'queued']);
    expect(smtp.delivered).toHaveLength(deliveredBefore);

    // The job runner's pass delivers them once the mail server answers again.
    smtp.release();
    await runDueJobs(app);
    expect(
      smtp.delivered
        .slice(deliveredBefore)
        .map((email) => email.to)
        .sort(),
    ).toEqual([approvedOwner.email, rejectedOwner.email, suspendedOwner.email, suspendedOwner.email].sort());
  });
});
