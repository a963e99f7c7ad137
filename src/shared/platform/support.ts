/**
 * The support inbox (the admin's Chat Assistant): a signed-in customer or vendor writes from
 * /support, the admin answers, with saved replies in both languages.
 */
export const SUPPORT_STATUSES = ['open', 'answered', 'closed'] as const;
export type SupportStatus = (typeof SUPPORT_STATUSES)[number];

/** Who opened the conversation: the audience the admin answers. */
export const SUPPORT_REQUESTER_ROLES = ['customer', 'vendor'] as const;
export type SupportRequesterRole = (typeof SUPPORT_REQUESTER_ROLES)[number];

/** Who wrote a message of a conversation. */
export const SUPPORT_AUTHORS = ['requester', 'admin'] as const;
export type SupportAuthor = (typeof SUPPORT_AUTHORS)[number];

export const SUPPORT_SUBJECT_MAX = 120;
export const SUPPORT_MESSAGE_MAX = 4000;
export const SUPPORT_TEMPLATE_TITLE_MAX = 80;
export const SUPPORT_TEMPLATE_BODY_MAX = SUPPORT_MESSAGE_MAX;

/**
 * Conversations waiting for an answer that one person may have at once: a new question, or a
 * message that reopens an answered or closed one, is refused beyond it.
 */
export const SUPPORT_OPEN_CONVERSATIONS_MAX = 5;

/** Messages one person may write in an hour, across all their conversations (new questions included). */
export const SUPPORT_MESSAGES_PER_HOUR_MAX = 20;

/** What happens to a conversation: the requester writes, an admin answers, either side closes it. */
export type SupportEvent = 'requester_writes' | 'admin_answers' | 'close';

/**
 * The conversation's status after an event, or null when the event is not allowed in this status:
 * - the requester may always write: it is open again (waiting for the admin), answered or closed;
 * - an admin answers an open or answered conversation (it is answered); a closed one stays closed
 *   until its requester writes again;
 * - either side closes a conversation that is not closed yet.
 */
export function supportStatusAfter(status: SupportStatus, event: SupportEvent): SupportStatus | null {
  switch (event) {
    case 'requester_writes':
      return 'open';
    case 'admin_answers':
      return status === 'closed' ? null : 'answered';
    case 'close':
      return status === 'closed' ? null : 'closed';
  }
}

/** Whether the requester's next message makes the conversation wait for the admin again (it was not waiting). */
export function requesterMessageReopens(status: SupportStatus): boolean {
  return status !== 'open';
}
