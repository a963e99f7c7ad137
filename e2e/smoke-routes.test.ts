import { describe, expect, it } from 'vitest';
import { chromiumAvailable, useBrowser } from './support/browser';

/** Every route of SPEC.md's route table, plus the public vendor page and the not-found page. */
const ROUTES = [
  '/',
  '/auth',
  '/auth/callback',
  '/user',
  '/complete-profile',
  '/email-preferences',
  '/daily-chaska',
  '/vendor-clubs',
  '/exclusive',
  '/free-cards',
  '/vendor-signup',
  '/pricing',
  '/support',
  '/verify-email',
  '/reset-password',
  '/unsubscribe',
  '/privacy',
  '/admin',
  '/admin/vendors',
  '/admin/users',
  '/admin/cards',
  '/admin/exclusives',
  '/admin/analytics',
  '/admin/seo',
  '/admin/api',
  '/admin/social',
  '/admin/chat',
  '/admin/text-editor',
  '/admin-vendors',
  '/vendor',
  '/vendor/cards',
  '/vendor/issue-stamp',
  '/vendor/analytics',
  '/vendor/customers',
  '/vendor/profile',
  '/vendor/billing',
  '/payment/success',
  '/payment/cancel',
  '/no-such-page',
];

/*
 * Each address as its own people see it, at both widths and in both languages, is in
 * accessibility.test.ts. This is the signed-out visitor on every address, the private ones
 * included (they send the visitor to sign in), on a phone.
 */
const WIDTHS = [360];

describe.skipIf(!chromiumAvailable)('every route renders without errors for a signed-out visitor', () => {
  const session = useBrowser();

  for (const width of WIDTHS) {
    it(`renders all routes at ${width} px`, async () => {
      const { context, page } = await session.newContext({ width, height: 800 });
      try {
        for (const route of ROUTES) {
          session.problems.length = 0;
          const response = await page.goto(route, { waitUntil: 'networkidle' });
          expect(response?.status(), `${route} status`).toBeLessThan(400);
          await expect
            .poll(() => page.locator('#root').innerText(), { message: `${route} shows content` })
            .not.toBe('');
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          expect(overflow, `${route} overflows horizontally at ${width} px`).toBeLessThanOrEqual(0);
          expect(session.problems, `${route} at ${width} px`).toEqual([]);
        }
      } finally {
        await context.close();
      }
    }, 180_000);
  }

  it('shows the not-found page for an unknown address', async () => {
    await session.page.goto('/no-such-page');
    await expect.poll(() => session.page.getByRole('heading', { name: 'Page not found' }).count()).toBe(1);
  });
});
