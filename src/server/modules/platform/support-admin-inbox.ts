import { count, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { adminSupportQuerySchema, AdminSupportRow, AdminSupportThread } from '@shared/platform/support-inbox';
import { supportStatusAfter } from '@shared/platform/support';
import type { Config } from '@server/config';
import type { Database, Executor } from '@server/db/client';
import { supportConversations, supportMessages, users } from '@server/db/schema';
import { conflict } from '@server/errors';
import { recordAudit, type AuditActor } from '@server/lib/record-audit';
import { inTextLanguage, serverText } from '@server/lib/texts';
import type { EmailService } from '@server/modules/notifications/email-service';
import { supportReplyEmail } from '@server/modules/notifications/templates/support-reply-email';
import {
  closeLockedConversation,
  conversationNotFound,
  lockConversation,
  presentRequester,
  presentSummary,
  readAdminThread,
} from './support-threads';

/** The admin's side of the support inbox (the Chat Assistant page). */

interface Deps {
  db: Database;
  email: EmailService;
  config: Config;
}

/** Open first (waiting for an answer), then answered, then closed. */
const STATUS_ORDER = sql<number>`case ${supportConversations.status} when 'open' then 0 when 'answered' then 1 else 2 end`;

/** A page of the inbox, filtered by status or not: open first, newest activity first. */
export async function listSupportInbox(
  db: Executor,
  query: z.infer<typeof adminSupportQuerySchema>,
): Promise<{ conversations: AdminSupportRow[]; page: number; pageSize: number; total: number }> {
  const where = query.status === 'all' ? undefined : eq(supportConversations.status, query.status);
  const [rows, [total]] = await Promise.all([
    db
      .select({ conversation: supportConversations, name: users.name, surname: users.surname, email: users.email })
      .from(supportConversations)
      .innerJoin(users, eq(users.id, supportConversations.requesterId))
      .where(where)
      .orderBy(STATUS_ORDER, desc(supportConversations.lastMessageAt), desc(supportConversations.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ value: count() }).from(supportConversations).where(where),
  ]);
  return {
    conversations: rows.map(({ conversation, ...requester }) => ({
      ...presentSummary(conversation),
      language: conversation.language,
      requester: presentRequester(requester, conversation.requesterRole),
    })),
    page: query.page,
    pageSize: query.pageSize,
    total: total?.value ?? 0,
  };
}

export async function readSupportConversation(db: Executor, id: string): Promise<AdminSupportThread> {
  const [row] = await db.select().from(supportConversations).where(eq(supportConversations.id, id));
  if (!row) throw conversationNotFound();
  return readAdminThread(db, row);
}

/**
 * The admin answers: the message, the conversation answered, the audit line and the e-mail to
 * the requester, all in one transaction. The e-mail is a support_reply: the answer to a question
 * its reader asked us, sent like the other e-mails a person asked for (can-send-email.ts).
 */
export async function answerSupportConversation(
  deps: Deps,
  { conversationId: id, actor, message }: { conversationId: string; actor: AuditActor; message: string },
  now: Date,
): Promise<AdminSupportThread> {
  return deps.db.transaction(async (tx) => {
    const conversation = await lockConversation(tx, id);
    const status = supportStatusAfter(conversation.status, 'admin_answers');
    if (!status) throw conflict(serverText('admin:chat.error.closed'), 'conversation_closed');
    await tx.insert(supportMessages).values({
      conversationId: conversation.id,
      author: 'admin',
      adminUserId: actor.userId,
      body: message,
      createdAt: now,
    });
    const [updated] = await tx
      .update(supportConversations)
      .set({ status, lastMessageAt: now })
      .where(eq(supportConversations.id, conversation.id))
      .returning();
    await recordAudit(tx, {
      actor,
      action: 'support.answer',
      targetType: 'user',
      targetId: conversation.requesterId,
      metadata: { conversationId: conversation.id },
    });
    const [requester] = await tx
      .select({ name: users.name, email: users.email })
      .from(users)
      .where(eq(users.id, conversation.requesterId));
    if (requester) {
      await deps.email.enqueue(
        {
          type: 'support_reply',
          to: requester.email,
          userId: conversation.requesterId,
          // In the conversation's language, which the answer itself is written in.
          render: () =>
            inTextLanguage(conversation.language, () =>
              supportReplyEmail({
                name: requester.name,
                subject: conversation.subject,
                answer: message,
                conversationUrl: `${deps.config.publicUrl}/support/${conversation.id}`,
              }),
            ),
        },
        { tx },
      );
    }
    return readAdminThread(tx, updated!);
  });
}

/** The admin closes a conversation (answered for good, or nothing left to answer). */
export async function closeSupportConversation(
  db: Database,
  id: string,
  actor: AuditActor,
): Promise<AdminSupportThread> {
  return db.transaction(async (tx) => {
    const conversation = await lockConversation(tx, id);
    const updated = await closeLockedConversation(tx, conversation);
    await recordAudit(tx, {
      actor,
      action: 'support.close',
      targetType: 'user',
      targetId: conversation.requesterId,
      metadata: { conversationId: conversation.id },
    });
    return readAdminThread(tx, updated!);
  });
}
