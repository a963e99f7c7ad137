import { and, desc, eq } from 'drizzle-orm';
import type { Language } from '@shared/i18n/languages';
import {
  SUPPORT_MESSAGES_PER_HOUR_MAX,
  SUPPORT_OPEN_CONVERSATIONS_MAX,
  requesterMessageReopens,
  supportStatusAfter,
  type SupportRequesterRole,
} from '@shared/platform/support';
import type {
  NewSupportConversationInput,
  SupportConversationSummary,
  SupportThread,
} from '@shared/platform/support-inbox';
import type { Database, Executor } from '@server/db/client';
import { supportConversations, supportMessages } from '@server/db/schema';
import { conflict, tooManyRequests } from '@server/errors';
import { serverText } from '@server/lib/texts';
import { HOUR_MS } from '@server/plugins/write-budgets';
import {
  closeLockedConversation,
  conversationNotFound,
  lockConversation,
  lockRequester,
  openConversationCount,
  presentSummary,
  readThread,
  requesterMessagesSince,
} from './support-threads';

/** The requester's side of the support inbox: their own conversations only. */

export interface Requester {
  userId: string;
  role: SupportRequesterRole;
  language: Language;
}

/** The most a person's list shows: far above what the open-conversation limit lets anyone reach soon. */
const OWN_LIST_MAX = 100;

export async function listOwnConversations(db: Executor, requesterId: string): Promise<SupportConversationSummary[]> {
  const rows = await db
    .select()
    .from(supportConversations)
    .where(eq(supportConversations.requesterId, requesterId))
    .orderBy(desc(supportConversations.lastMessageAt), desc(supportConversations.createdAt))
    .limit(OWN_LIST_MAX);
  return rows.map(presentSummary);
}

/** One of the person's own conversations; anyone else's is not found. */
export async function readOwnConversation(db: Executor, requesterId: string, id: string): Promise<SupportThread> {
  const [row] = await db
    .select()
    .from(supportConversations)
    .where(and(eq(supportConversations.id, id), eq(supportConversations.requesterId, requesterId)));
  if (!row) throw conversationNotFound();
  return readThread(db, row);
}

/** Refuses a conversation beyond the open ones a person may have waiting for an answer. */
async function checkOpenLimit(tx: Executor, requesterId: string): Promise<void> {
  if ((await openConversationCount(tx, requesterId)) >= SUPPORT_OPEN_CONVERSATIONS_MAX)
    throw conflict(
      serverText('support:error.tooManyOpen', { count: SUPPORT_OPEN_CONVERSATIONS_MAX }),
      'too_many_open_conversations',
    );
}

/** Refuses a message beyond the hour's, saying when the oldest of the hour's leaves the window. */
async function checkHourlyLimit(tx: Executor, requesterId: string, now: Date): Promise<void> {
  const since = new Date(now.getTime() - HOUR_MS);
  const written = await requesterMessagesSince(tx, requesterId, since);
  if (written.count < SUPPORT_MESSAGES_PER_HOUR_MAX) return;
  const freeAt = (written.oldestAt ?? now).getTime() + HOUR_MS;
  const seconds = Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000));
  throw tooManyRequests(
    serverText('support:error.hourlyLimit', { count: Math.ceil(seconds / 60) }),
    seconds,
    'support_message_limit',
  );
}

/** A new question: checked against the person's limits, then the conversation and its first message. */
export async function startConversation(
  db: Database,
  requester: Requester,
  input: NewSupportConversationInput,
  now: Date,
): Promise<SupportThread> {
  return db.transaction(async (tx) => {
    await lockRequester(tx, requester.userId);
    await checkOpenLimit(tx, requester.userId);
    await checkHourlyLimit(tx, requester.userId, now);
    const [conversation] = await tx
      .insert(supportConversations)
      .values({
        requesterId: requester.userId,
        requesterRole: requester.role,
        language: requester.language,
        subject: input.subject,
        status: 'open',
        createdAt: now,
        lastMessageAt: now,
      })
      .returning();
    await tx
      .insert(supportMessages)
      .values({ conversationId: conversation!.id, author: 'requester', body: input.message, createdAt: now });
    return readThread(tx, conversation!);
  });
}

/**
 * The requester writes again: the conversation waits for the admin again (an answered or closed
 * one is reopened, within the open-conversation limit).
 */
export async function writeRequesterMessage(
  db: Database,
  { requesterId, conversationId: id, message }: { requesterId: string; conversationId: string; message: string },
  now: Date,
): Promise<SupportThread> {
  return db.transaction(async (tx) => {
    await lockRequester(tx, requesterId);
    const conversation = await lockConversation(tx, id, requesterId);
    if (requesterMessageReopens(conversation.status)) await checkOpenLimit(tx, requesterId);
    await checkHourlyLimit(tx, requesterId, now);
    await tx
      .insert(supportMessages)
      .values({ conversationId: conversation.id, author: 'requester', body: message, createdAt: now });
    const [updated] = await tx
      .update(supportConversations)
      .set({ status: supportStatusAfter(conversation.status, 'requester_writes')!, lastMessageAt: now })
      .where(eq(supportConversations.id, conversation.id))
      .returning();
    return readThread(tx, updated!);
  });
}

/** The requester closes their own conversation (their question is answered, or no longer stands). */
export async function closeOwnConversation(db: Database, requesterId: string, id: string): Promise<SupportThread> {
  return db.transaction(async (tx) => {
    const conversation = await lockConversation(tx, id, requesterId);
    return readThread(tx, await closeLockedConversation(tx, conversation));
  });
}
