import { describe, expect, it } from 'vitest';
import { signInBrowser, signUpViaApi } from './support/api';
import { chromiumAvailable, useBrowser } from './support/browser';

describe.skipIf(!chromiumAvailable)('admin area: admins only', () => {
  const session = useBrowser();

  it('sends a signed-in customer from any admin page to /user, and the API refuses them', async () => {
    const customer = await signUpViaApi(session.baseUrl, { name: 'Nida' });
    await signInBrowser(session.context, customer.email);
    const { page } = session;
    for (const path of ['/admin', '/admin/users', '/admin-vendors']) {
      await page.goto(path);
      await page.waitForURL((url) => url.pathname === '/user');
    }
    expect(await page.getByRole('link', { name: 'Vendors Management' }).count()).toBe(0);
    const api = await session.context.request.get('/api/admin/stats');
    expect(api.status()).toBe(403);
  });
});
