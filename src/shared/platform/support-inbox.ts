import { z } from 'zod';
import { adminPageQueryFields, pageInfoSchema } from '@shared/admin-paging';
import { fieldMessage } from '@shared/field-messages';
import { LANGUAGES } from '@shared/i18n/languages';
import {
  SUPPORT_AUTHORS,
  SUPPORT_MESSAGE_MAX,
  SUPPORT_REQUESTER_ROLES,
  SUPPORT_STATUSES,
  SUPPORT_SUBJECT_MAX,
  SUPPORT_TEMPLATE_BODY_MAX,
  SUPPORT_TEMPLATE_TITLE_MAX,
} from './support';

/** The schemas of the support inbox's routes (support-contract.ts); field messages are `forms:support.*`. */

/** One line: a line break or another control character has no place in a subject. */
const ONE_LINE = /^[^\p{Cc}\u2028\u2029]*$/u;

const subjectSchema = z
  .string(fieldMessage('forms:support.subjectMissing'))
  .trim()
  .min(1, fieldMessage('forms:support.subjectMissing'))
  .max(SUPPORT_SUBJECT_MAX, fieldMessage('forms:support.subjectTooLong'))
  .regex(ONE_LINE, fieldMessage('forms:support.subjectOneLine'));

const messageSchema = z
  .string(fieldMessage('forms:support.messageMissing'))
  .trim()
  .min(1, fieldMessage('forms:support.messageMissing'))
  .max(SUPPORT_MESSAGE_MAX, fieldMessage('forms:support.messageTooLong'));

/** A new question from /support. */
export const newSupportConversationSchema = z.object({ subject: subjectSchema, message: messageSchema });
export type NewSupportConversationInput = z.infer<typeof newSupportConversationSchema>;

/** The requester writing again, or an admin answering. */
export const supportMessageInputSchema = z.object({ message: messageSchema });
export type SupportMessageInput = z.infer<typeof supportMessageInputSchema>;

export const supportConversationParamsSchema = z.object({
  id: z.uuid(fieldMessage('forms:support.conversationNotFound')),
});

/** A conversation as its requester's list shows it. */
export const supportConversationSummarySchema = z.object({
  id: z.string(),
  subject: z.string(),
  status: z.enum(SUPPORT_STATUSES),
  createdAt: z.string(),
  lastMessageAt: z.string(),
});
export type SupportConversationSummary = z.infer<typeof supportConversationSummarySchema>;

export const supportConversationListSchema = z.object({
  conversations: z.array(supportConversationSummarySchema),
});

export const supportMessageSchema = z.object({
  id: z.string(),
  author: z.enum(SUPPORT_AUTHORS),
  body: z.string(),
  createdAt: z.string(),
});
export type SupportMessage = z.infer<typeof supportMessageSchema>;

/** A conversation with its messages, oldest first, as its requester reads it. */
export const supportThreadSchema = supportConversationSummarySchema.extend({
  language: z.enum(LANGUAGES),
  requesterRole: z.enum(SUPPORT_REQUESTER_ROLES),
  messages: z.array(supportMessageSchema),
});
export type SupportThread = z.infer<typeof supportThreadSchema>;

/** Who wrote, as the admin sees them: the name, the address (or a phone account's number) and the audience. */
export const supportRequesterSchema = z.object({
  name: z.string(),
  contact: z.string(),
  role: z.enum(SUPPORT_REQUESTER_ROLES),
});
export type SupportRequester = z.infer<typeof supportRequesterSchema>;

export const SUPPORT_STATUS_FILTERS = ['all', ...SUPPORT_STATUSES] as const;
export type SupportStatusFilter = (typeof SUPPORT_STATUS_FILTERS)[number];

export const adminSupportQuerySchema = z.object({
  status: z.enum(SUPPORT_STATUS_FILTERS).default('all'),
  ...adminPageQueryFields,
});

export const adminSupportRowSchema = supportConversationSummarySchema.extend({
  language: z.enum(LANGUAGES),
  requester: supportRequesterSchema,
});
export type AdminSupportRow = z.infer<typeof adminSupportRowSchema>;

/** The admin's inbox: open first, then answered, then closed; newest activity first within each. */
export const adminSupportPageSchema = pageInfoSchema.extend({ conversations: z.array(adminSupportRowSchema) });

export const adminSupportThreadSchema = supportThreadSchema.extend({ requester: supportRequesterSchema });
export type AdminSupportThread = z.infer<typeof adminSupportThreadSchema>;

/** A saved reply, in English and Urdu: the admin picks the conversation's language. */
export const supportTemplateSchema = z.object({
  id: z.string(),
  title: z.string(),
  bodyEn: z.string(),
  bodyUr: z.string(),
  updatedAt: z.string(),
});
export type SupportTemplate = z.infer<typeof supportTemplateSchema>;

export const supportTemplateListSchema = z.object({ templates: z.array(supportTemplateSchema) });

const templateBodySchema = (missing: string, tooLong: string) =>
  z
    .string(fieldMessage(missing))
    .trim()
    .min(1, fieldMessage(missing))
    .max(SUPPORT_TEMPLATE_BODY_MAX, fieldMessage(tooLong));

export const supportTemplateInputSchema = z.object({
  title: z
    .string(fieldMessage('forms:support.templateTitleMissing'))
    .trim()
    .min(1, fieldMessage('forms:support.templateTitleMissing'))
    .max(SUPPORT_TEMPLATE_TITLE_MAX, fieldMessage('forms:support.templateTitleTooLong'))
    .regex(ONE_LINE, fieldMessage('forms:support.templateTitleOneLine')),
  bodyEn: templateBodySchema('forms:support.templateEnglishMissing', 'forms:support.templateEnglishTooLong'),
  bodyUr: templateBodySchema('forms:support.templateUrduMissing', 'forms:support.templateUrduTooLong'),
});
export type SupportTemplateInput = z.infer<typeof supportTemplateInputSchema>;

export const supportTemplateParamsSchema = z.object({
  id: z.uuid(fieldMessage('forms:support.templateNotFound')),
});
