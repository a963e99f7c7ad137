import { describe, expect, it } from 'vitest';
import { useTestApp } from '@server/test/build-test-app';
import { signUpUser, uniqueEmail } from '@server/test/factories';

describe('Cache-Control of answers that belong to a session', () => {
  const context = useTestApp();

  function get(url: string, cookie?: string) {
    return context.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  }

  it('keeps every signed-in answer out of caches, errors included', async () => {
    const user = await signUpUser(context.app);
    for (const url of [
      '/api/me',
      '/api/customer/dashboard',
      '/api/email-preferences',
      '/api/marketplace/vendors',
      '/api/admin/stats',
    ]) {
      const response = await get(url, user.cookie);
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('keeps an answer that sets a cookie out of caches', async () => {
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/accounts/sign-up',
      payload: { name: 'Sana', surname: 'Mir', email: uniqueEmail(), password: 'chai-and-paratha' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['set-cookie']).toBeDefined();
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it("leaves signed-out visitors' shared answers and a route's own choice alone", async () => {
    const user = await signUpUser(context.app);
    expect((await get('/api/marketplace/vendors')).headers['cache-control']).toBeUndefined();
    expect((await get('/api/marketplace/stats')).headers['cache-control']).toBeUndefined();
    // "Who am I" is never shared, signed in or not: its route says so itself.
    expect((await get('/api/me')).headers['cache-control']).toBe('no-store');
    expect((await get('/api/texts', user.cookie)).headers['cache-control']).toBe('no-cache');
    expect((await get('/api/marketplace/cards', user.cookie)).headers['cache-control']).toBe('private, no-store');
  });
});
