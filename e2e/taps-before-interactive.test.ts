import { describe, expect, it } from 'vitest';
import { chromiumAvailable, useBrowser } from './support/browser';

/**
 * A slow phone shows the server's page seconds before its script runs (decision 059): every
 * control there either works as plain HTML or shows that it cannot work yet.
 */
describe.skipIf(!chromiumAvailable)('taps that come before the page is interactive', () => {
  const session = useBrowser({ width: 360, height: 740 });

  it('goes back from the password reset to sign in, and holds the menu until it works', async () => {
    const { page } = session;
    // A phone whose script has not arrived: the server's page is all there is.
    await page.route(/\/assets\/index-[^/]*\.js$/, (route) => route.abort());

    await page.goto('/auth?view=forgot-password&next=%2Fuser%2Fqr', { waitUntil: 'commit' });
    await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
    // The menu's panel needs the script: the button says so rather than dropping the tap.
    expect(await page.getByRole('button', { name: 'Open menu' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Back to sign in' }).click();
    await page.waitForURL((url) => url.pathname === '/auth' && !url.searchParams.has('view'));
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    // Where the visitor was going travels with the tap.
    expect(new URL(page.url()).searchParams.get('next')).toBe('/user/qr');

    // Once the script runs, the same menu opens.
    await page.unroute(/\/assets\/index-[^/]*\.js$/);
    await page.goto('/auth');
    const menu = page.getByRole('button', { name: 'Open menu' });
    await expect.poll(() => menu.isEnabled()).toBe(true);
    await menu.click();
    await page.getByRole('dialog').waitFor();
  });
});
