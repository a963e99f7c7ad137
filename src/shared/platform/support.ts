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
