import { z } from 'zod';
import { jobKind, newJob, type NewJob } from '@server/lib/job-queue';

/** The job that delivers one e-mail of email_messages (decision 037); its payload names the message. */
export const EMAIL_SEND_JOB = jobKind('email.send', z.object({ messageId: z.string() }));
export const EMAIL_MAX_ATTEMPTS = 6;

/** An e-mail's job: due now, keyed by the message so it is never enqueued twice. */
export function emailSendJob(messageId: string, now: Date): NewJob {
  return newJob(
    EMAIL_SEND_JOB,
    { messageId },
    { runAt: now, uniqueKey: `email:${messageId}`, maxAttempts: EMAIL_MAX_ATTEMPTS },
  );
}
