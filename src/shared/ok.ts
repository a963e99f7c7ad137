import { z } from 'zod';

/** The answer of a call that only needs to say it worked. */
export const okSchema = z.object({ ok: z.literal(true) });
