import { z } from 'zod';
import { adminPageQueryFields, adminSearchField, pageInfoSchema } from '@shared/admin-paging';
import { EMAIL_LOG_STATUSES } from './email';

export const emailLogQuerySchema = z.object({
  search: adminSearchField,
  status: z
    .enum(['all', ...EMAIL_LOG_STATUSES], { error: 'status must be all, queued, sent, failed or skipped' })
    .default('all'),
  ...adminPageQueryFields,
});

export const emailLogSchema = z.object({
  id: z.string(),
  recipientEmail: z.string(),
  subject: z.string(),
  emailType: z.string(),
  status: z.string(),
  error: z.string().nullable(),
  sentAt: z.string(),
});
export type EmailLog = z.infer<typeof emailLogSchema>;
export const emailLogPageSchema = pageInfoSchema.extend({ logs: z.array(emailLogSchema) });
export type EmailLogPage = z.infer<typeof emailLogPageSchema>;
