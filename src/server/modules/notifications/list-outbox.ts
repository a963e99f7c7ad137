import { and, count, desc, eq, gte, like, lt, ne, sql, type SQL } from 'drizzle-orm';
import { addPakistanMonths, pakistanDateKey, pakistanInstant } from '@shared/pakistan-time';
import type { z } from 'zod';
import type {
  outboxQuerySchema,
  OutboxMessage,
  textCostsQuerySchema,
  TextCosts,
  textOutboxQuerySchema,
  TextOutboxMessage,
} from '@shared/notifications/outbox';
import type { Executor } from '@server/db/client';
import { emailMessages, textMessages, vendors } from '@server/db/schema';

/** The e-mail outbox, newest first: what was (or would have been) delivered, to whom, and how. */
export async function listOutbox(db: Executor, query: z.infer<typeof outboxQuerySchema>) {
  const filters: SQL[] = [];
  if (query.to) filters.push(eq(emailMessages.toEmail, query.to.toLowerCase()));
  if (query.type) filters.push(eq(emailMessages.emailType, query.type));
  const where = filters.length ? and(...filters) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(emailMessages)
      .where(where)
      .orderBy(desc(emailMessages.createdAt), desc(emailMessages.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ value: count() }).from(emailMessages).where(where),
  ]);
  const messages: OutboxMessage[] = rows.map((row) => ({
    id: row.id,
    to: row.toEmail,
    subject: row.subject,
    type: row.emailType,
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    transport: row.transport,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    text: row.text,
    html: row.html,
    headers: row.headers,
  }));
  return { messages, page: query.page, pageSize: query.pageSize, total: total?.value ?? 0 };
}

/** The WhatsApp messages and SMS, newest first, with where each got to (delivery reports). */
export async function listTextOutbox(db: Executor, query: z.infer<typeof textOutboxQuerySchema>) {
  // However the admin writes the number (0300…, +92 300…, 92-300…): its national digits, matched at the end.
  const digits = query.to?.replace(/[^0-9]/g, '').replace(/^(92|0)/, '');
  const where = digits ? like(textMessages.toPhone, `%${digits}`) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(textMessages)
      .where(where)
      .orderBy(desc(textMessages.createdAt), desc(textMessages.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ value: count() }).from(textMessages).where(where),
  ]);
  const messages: TextOutboxMessage[] = rows.map((row) => ({
    id: row.id,
    to: row.toPhone,
    kind: row.kind,
    channel: row.channel,
    language: row.language,
    body: row.body,
    status: row.status,
    error: row.error,
    replacedBy: row.replacedById,
    templateMissingIn: row.templateMissingIn,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }));
  return { messages, page: query.page, pageSize: query.pageSize, total: total?.value ?? 0 };
}

/** WhatsApp and SMS sent in one Pakistan month, per vendor, with what they cost (decision 081). */
export async function listTextCosts(
  db: Executor,
  query: z.infer<typeof textCostsQuerySchema>,
  now: Date,
): Promise<TextCosts> {
  const month = query.month ?? pakistanDateKey(now).slice(0, 7);
  const from = pakistanInstant(`${month}-01`);
  const cost = sql<number>`coalesce(sum(${textMessages.costPaisa}), 0)::int`;
  const rows = await db
    .select({
      vendorId: textMessages.vendorId,
      vendorName: vendors.businessName,
      whatsapp: sql<number>`(count(*) filter (where ${textMessages.channel} = 'whatsapp'))::int`,
      sms: sql<number>`(count(*) filter (where ${textMessages.channel} = 'sms'))::int`,
      smsParts: sql<number>`coalesce(sum(${textMessages.parts}) filter (where ${textMessages.channel} = 'sms'), 0)::int`,
      costPaisa: cost,
    })
    .from(textMessages)
    .leftJoin(vendors, eq(vendors.id, textMessages.vendorId))
    .where(
      and(
        gte(textMessages.createdAt, from),
        lt(textMessages.createdAt, addPakistanMonths(from, 1)),
        ne(textMessages.status, 'failed'),
        ne(textMessages.channel, 'log'),
      ),
    )
    .groupBy(textMessages.vendorId, vendors.businessName)
    .orderBy(desc(cost), vendors.businessName);
  return { month, vendors: rows, totalPaisa: rows.reduce((sum, row) => sum + row.costPaisa, 0) };
}
