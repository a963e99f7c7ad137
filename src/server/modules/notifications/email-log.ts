import type { Executor } from '@server/db/client';
import { emailLogs } from '@server/db/schema';
import type { EMAIL_LOG_STATUSES } from '@shared/notifications/email';

export interface EmailLogEntry {
  toEmail: string;
  subject: string;
  emailType: string;
  /** The email_messages row, when there is one (skipped e-mails have none). */
  id?: string;
}

/** Every outcome of every send becomes one email_logs row (PRODUCT.md section 6). */
export async function recordEmailLog(
  db: Executor,
  entries: EmailLogEntry | EmailLogEntry[],
  status: (typeof EMAIL_LOG_STATUSES)[number],
  error?: string,
): Promise<void> {
  const list = Array.isArray(entries) ? entries : [entries];
  if (list.length === 0) return;
  await db.insert(emailLogs).values(
    list.map((entry) => ({
      recipientEmail: entry.toEmail,
      subject: entry.subject,
      emailType: entry.emailType,
      status,
      error: error ?? null,
      messageId: entry.id ?? null,
    })),
  );
}
