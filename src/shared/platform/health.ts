import { z } from 'zod';

/**
 * GET /api/health: 200 when the database answers, 503 with the same shape when it does not. A
 * read replica that is away leaves it at 200: its reads go to the database (decision 049).
 */
export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({ state: z.enum(['up', 'down']), kind: z.enum(['pglite', 'postgres']), latencyMs: z.number() }),
  /** Only with DATABASE_READ_URL; lagSeconds is how far behind the database it applies changes. */
  readReplica: z.object({ state: z.enum(['up', 'down']), lagSeconds: z.number().nullable() }).optional(),
  uptimeSeconds: z.number(),
});
export type Health = z.infer<typeof healthSchema>;
