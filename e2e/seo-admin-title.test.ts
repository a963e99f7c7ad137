import { afterAll, describe, expect, it } from 'vitest';
import { adminCookie } from './support/api';
import { chromiumAvailable, useBrowser } from './support/browser';
import { saveScreenshots } from './support/screenshots';
import { signInBrowserAsAdmin } from './support/vendor-applicants';

const ADMIN_TITLE = 'Help for Chaska card holders and vendors';
const ADMIN_DESCRIPTION = 'Ask us about stamps, rewards and vendor accounts on e-mail or WhatsApp.';

async function changeSupportHead(baseUrl: string, method: 'PUT' | 'DELETE'): Promise<void> {
  const cookie = await adminCookie(baseUrl);
  const response =
    method === 'PUT'
      ? await fetch(`${baseUrl}/api/admin/seo/pages`, {
          method,
          headers: { cookie, 'content-type': 'application/json' },
          body: JSON.stringify({ path: '/support', title: ADMIN_TITLE, description: ADMIN_DESCRIPTION }),
        })
      : await fetch(`${baseUrl}/api/admin/seo/pages?path=%2Fsupport`, { method, headers: { cookie } });
  if (!response.ok) throw new Error(`SEO ${method} failed: ${response.status} ${await response.text()}`);
}

describe.skipIf(!chromiumAvailable)("SEO: an admin's page title stays after the app loads", () => {
  const session = useBrowser();

  afterAll(async () => {
    // Other journeys read /support with its own title.
    await changeSupportHead(session.baseUrl, 'DELETE').catch(() => undefined);
  });

  it("shows the admin's title in the tab on a direct load and after navigating inside the app", async () => {
    await changeSupportHead(session.baseUrl, 'PUT');
    const { page } = session;

    await page.goto('/support');
    await page.getByRole('heading', { name: 'Support', level: 1 }).waitFor();
    // The app has rendered the page (and run its effects); the tab must still read the admin's title.
    await page.getByRole('heading', { name: 'E-mail us' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => document.title)).toBe(ADMIN_TITLE);
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toBe(ADMIN_DESCRIPTION);

    // Client-side navigation asks the server for the same head.
    await page.goto('/');
    await expect.poll(() => page.evaluate(() => document.title)).toBe('Chaska — Loyalty, extra spicy.');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Support' }).click();
    await page.getByRole('heading', { name: 'Support', level: 1 }).waitFor();
    await expect.poll(() => page.evaluate(() => document.title)).toBe(ADMIN_TITLE);
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => document.title)).toBe(ADMIN_TITLE);
    expect(session.problems).toEqual([]);
  });

  it('shows the saved title on the SEO Automation screen', async () => {
    await changeSupportHead(session.baseUrl, 'PUT');
    await signInBrowserAsAdmin(session.context);
    const { page } = session;
    await page.goto('/admin/seo');
    await page.getByRole('heading', { name: 'SEO Automation' }).waitFor();
    await page.getByText(ADMIN_TITLE).first().waitFor();
    await saveScreenshots(page, 'seo-admin-title');
    expect(session.problems).toEqual([]);
  });
});
