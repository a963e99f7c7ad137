import { and, asc, count, eq, gt, min } from 'drizzle-orm';
import { contactText } from '@shared/accounts/phone';
import type {
  AdminSupportThread,
  SupportConversationSummary,
  SupportRequester,
  SupportThread,
} from '@shared/platform/support-inbox';
import { supportStatusAfter } from '@shared/platform/support';
import type { Executor } from '@server/db/client';
import { supportConversations, supportMessages, users } from '@server/db/schema';
import { conflict, notFound } from '@server/errors';
import { serverText } from '@server/lib/texts';

/** The reads and presenters the requester's and the admin's side share. */

export type ConversationRow = typeof supportConversations.$inferSelect;

export function conversationNotFound() {
  return notFound(serverText('forms:support.conversationNotFound'));
}

export function presentSummary(row: ConversationRow): SupportConversationSummary {
  return {
    id: row.id,
    subject: row.subject,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    lastMessageAt: row.lastMessageAt.toISOString(),
  };
}

/** The name and reach of a requester as the admin reads them (a closed account's are empty). */
export function presentRequester(
  row: { name: string; surname: string; email: string },
  role: ConversationRow['requesterRole'],
): SupportRequester {
  return { name: `${row.name} ${row.surname}`.trim(), contact: contactText(row.email), role };
}

/** The conversation and its messages, oldest first (messages of one instant in the order written). */
export async function readThread(db: Executor, conversation: ConversationRow): Promise<SupportThread> {
  const messages = await db
    .select()
    .from(supportMessages)
    .where(eq(supportMessages.conversationId, conversation.id))
    .orderBy(asc(supportMessages.createdAt), asc(supportMessages.id));
  return {
    ...presentSummary(conversation),
    language: conversation.language,
    requesterRole: conversation.requesterRole,
    messages: messages.map((message) => ({
      id: String(message.id),
      author: message.author,
      body: message.body,
      createdAt: message.createdAt.toISOString(),
    })),
  };
}

/** The thread with its requester, for the admin. */
export async function readAdminThread(db: Executor, conversation: ConversationRow): Promise<AdminSupportThread> {
  const [thread, [requester]] = await Promise.all([
    readThread(db, conversation),
    db
      .select({ name: users.name, surname: users.surname, email: users.email })
      .from(users)
      .where(eq(users.id, conversation.requesterId)),
  ]);
  return {
    ...thread,
    requester: presentRequester(requester ?? { name: '', surname: '', email: '' }, conversation.requesterRole),
  };
}

/**
 * A conversation row locked for a change. `requesterId` narrows it to that person's own: anyone
 * else's id is "not found", exactly like an id that does not exist (no 403 that would confirm it).
 */
export async function lockConversation(tx: Executor, id: string, requesterId?: string): Promise<ConversationRow> {
  const [row] = await tx
    .select()
    .from(supportConversations)
    .where(
      requesterId === undefined
        ? eq(supportConversations.id, id)
        : and(eq(supportConversations.id, id), eq(supportConversations.requesterId, requesterId)),
    )
    .for('update');
  if (!row) throw conversationNotFound();
  return row;
}

/** How many of the person's conversations wait for the admin's answer. */
export async function openConversationCount(db: Executor, requesterId: string): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(supportConversations)
    .where(and(eq(supportConversations.requesterId, requesterId), eq(supportConversations.status, 'open')));
  return row?.value ?? 0;
}

/** The person's own messages since `since`, and when the oldest of them was written. */
export async function requesterMessagesSince(
  db: Executor,
  requesterId: string,
  since: Date,
): Promise<{ count: number; oldestAt: Date | null }> {
  const [row] = await db
    .select({ value: count(), oldestAt: min(supportMessages.createdAt) })
    .from(supportMessages)
    .innerJoin(supportConversations, eq(supportConversations.id, supportMessages.conversationId))
    .where(
      and(
        eq(supportConversations.requesterId, requesterId),
        eq(supportMessages.author, 'requester'),
        gt(supportMessages.createdAt, since),
      ),
    );
  return { count: row?.value ?? 0, oldestAt: row?.oldestAt ? new Date(row.oldestAt) : null };
}

/** Serialises one person's support writes (their limits are counted, then a row is added). */
export async function lockRequester(tx: Executor, requesterId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, requesterId)).for('update');
}

/** Closes a locked conversation, by its requester or an admin; one already closed is refused. */
export async function closeLockedConversation(tx: Executor, conversation: ConversationRow): Promise<ConversationRow> {
  const status = supportStatusAfter(conversation.status, 'close');
  if (!status) throw conflict(serverText('support:error.alreadyClosed'), 'already_closed');
  const [updated] = await tx
    .update(supportConversations)
    .set({ status })
    .where(eq(supportConversations.id, conversation.id))
    .returning();
  return updated!;
}
