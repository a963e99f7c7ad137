import { describe, expect, it } from 'vitest';

describe('configure-zod', () => {
  it('turns on the jitless setting that zod reads, so no eval probe runs in the browser', async () => {
    await import('./configure-zod');
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);
  });
});
