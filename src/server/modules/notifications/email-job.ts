import type { NewJob } from '@server/lib/job-queue';

/** The job that delivers one e-mail of email_messages (decision 037); its payload names the message. */
export const EMAIL_SEND_JOB = 'email.send';
export const EMAIL_MAX_ATTEMPTS = 6;

/** An e-mail's job: due now, keyed by the message so it is never enqueued twice. */
export function emailSendJob(messageId: string, now: Date): NewJob {
  return {
    name: EMAIL_SEND_JOB,
    payload: { messageId },
    runAt: now,
    uniqueKey: `email:${messageId}`,
    maxAttempts: EMAIL_MAX_ATTEMPTS,
  };
}
