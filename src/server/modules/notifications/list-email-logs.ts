import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { emailLogQuerySchema, EmailLogPage } from '@shared/notifications/admin-emails';
import type { Executor } from '@server/db/client';
import { emailLogs } from '@server/db/schema';
import { likePattern } from '@server/db/like-pattern';

/** email_logs, newest first: every send, skip and failure, searchable by recipient, subject or type. */
export async function listEmailLogs(db: Executor, query: z.infer<typeof emailLogQuerySchema>): Promise<EmailLogPage> {
  const conditions: SQL[] = [];
  if (query.status !== 'all') conditions.push(eq(emailLogs.status, query.status));
  if (query.search) {
    const pattern = likePattern(query.search);
    conditions.push(
      or(
        ilike(emailLogs.recipientEmail, pattern),
        ilike(emailLogs.subject, pattern),
        ilike(emailLogs.emailType, pattern),
      )!,
    );
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(emailLogs)
      .where(where)
      .orderBy(desc(emailLogs.sentAt), desc(emailLogs.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ value: count() }).from(emailLogs).where(where),
  ]);
  return {
    logs: rows.map((row) => ({
      id: row.id,
      recipientEmail: row.recipientEmail,
      subject: row.subject,
      emailType: row.emailType,
      status: row.status,
      error: row.error,
      sentAt: row.sentAt.toISOString(),
    })),
    page: query.page,
    pageSize: query.pageSize,
    total: total?.value ?? 0,
  };
}
