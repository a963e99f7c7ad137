import { z } from 'zod';

export const outboxQuerySchema = z.object({
  to: z.string().trim().max(254).optional(),
  type: z.string().trim().max(40).optional(),
  page: z.coerce.number({ error: 'page must be a number' }).int().min(1, 'page starts at 1').max(10_000).default(1),
  pageSize: z.coerce
    .number({ error: 'pageSize must be a number' })
    .int()
    .min(1)
    .max(100, 'pageSize is at most 100')
    .default(25),
});

export const outboxMessageSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  type: z.string(),
  status: z.string(),
  attempts: z.number(),
  lastError: z.string().nullable(),
  transport: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  text: z.string(),
  html: z.string(),
  headers: z.record(z.string(), z.string()),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

export const outboxPageSchema = z.object({
  messages: z.array(outboxMessageSchema),
  page: z.number(),
  pageSize: z.number(),
  total: z.number(),
});
