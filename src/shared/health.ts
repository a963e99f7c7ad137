import { z } from 'zod';

/** GET /api/health: 200 when the database answers, 503 with the same shape when it does not. */
export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({ state: z.enum(['up', 'down']), kind: z.enum(['pglite', 'postgres']), latencyMs: z.number() }),
  uptimeSeconds: z.number(),
});
export type Health = z.infer<typeof healthSchema>;
