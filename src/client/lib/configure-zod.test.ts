import { describe, expect, it, vi } from 'vitest';

describe('configure-zod', () => {
  it('turns on the jitless setting that zod reads, so no eval probe runs in the browser', async () => {
    await import('./configure-zod');
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);
  });

  it('also reaches a zod that was loaded before it (a test worker shares one zod between files)', async () => {
    const { z } = await import('zod');
    z.config({ jitless: false });
    vi.resetModules();
    await import('./configure-zod');
    expect(z.config().jitless).toBe(true);
  });
});
