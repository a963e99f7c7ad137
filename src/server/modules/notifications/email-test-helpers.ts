import { eq } from 'drizzle-orm';
import type { Database } from '@server/db/client';
import { emailMessages, jobs } from '@server/db/schema';
import { claimJobs, handlersByName, runClaimedJob } from '@server/lib/job-queue';
import { emailSendJob } from './email-job';
import type { EmailService, SendEmailInput } from './email-service';

// Test support for the e-mail suites (not a test file itself).

const silentLog = { warn: () => undefined, error: () => undefined };

/**
 * The one way an e-mail leaves, at once: stored by the outbox, then its job claimed and run by the
 * job runner at `now` (the test's clock), as a pass of the runner would. Only that e-mail's job
 * runs, so other work waiting in the test's database is left alone. Returns what became of the
 * e-mail: its message's status ('sent'; 'queued' for a retry after a failed delivery or for the
 * user's digest; 'failed'), or the outbox's outcome when nothing was stored ('skipped', 'failed').
 */
export async function enqueueAndRunNow(input: {
  db: Database;
  email: EmailService;
  message: SendEmailInput;
  now: Date;
}): Promise<string> {
  const storedIds: string[] = [];
  const outcome = await input.email.enqueue(input.message, { onStored: (id) => storedIds.push(id) });
  const messageId = storedIds[0];
  if (!messageId) return outcome;
  const [job] = await input.db
    .select({ id: jobs.id })
    .from(jobs)
    .where(eq(jobs.uniqueKey, emailSendJob(messageId, input.now).uniqueKey!));
  // A digest member has no job of its own: the digest job sends it at the digest hour.
  if (job) {
    const [claimed] = await claimJobs(input.db, input.now, { limit: 1, id: job.id });
    if (claimed) await runClaimedJob(input.db, handlersByName([input.email.jobHandler]), claimed, input.now, silentLog);
  }
  const [stored] = await input.db
    .select({ status: emailMessages.status })
    .from(emailMessages)
    .where(eq(emailMessages.id, messageId));
  return stored!.status;
}
