import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_COOKIE } from '../src/shared/i18n/languages';
import { chromiumAvailable, useBrowser } from './support/browser';

/** The public pages the server renders (decision 053), with a heading each shows in each language. */
const PAGES = [
  {
    path: '/',
    heading: { en: 'Collect stamps at the places you love.', ur: 'اپنی پسندیدہ جگہوں پر اسٹیمپ جمع کریں۔' },
  },
  { path: '/vendor-clubs', heading: { en: 'Vendor Clubs', ur: 'وینڈر کلب' } },
  { path: '/vendors/butt-karahi-house-lahore', heading: { en: 'Butt Karahi House', ur: 'Butt Karahi House' } },
] as const;

/**
 * Holds back the app's entry script until `release` is called, so the test sees what the server's
 * markup alone shows, and can mark its nodes before React takes them over. The test navigates only
 * until the answer starts: the page asks for its code after its first paint (decision 074).
 */
async function holdEntryScript(page: Page): Promise<() => Promise<void>> {
  const held: Route[] = [];
  let released = false;
  await page.route(/\/assets\/index-[^/]+\.js$/, (route) => {
    if (released) return route.continue();
    held.push(route);
    return undefined;
  });
  return async () => {
    released = true;
    await Promise.all(held.map((route) => route.continue()));
  };
}

describe.skipIf(!chromiumAvailable)('Server-rendered public pages: content before JavaScript, then hydration', () => {
  const session = useBrowser({ width: 360, height: 800 });

  for (const language of ['en', 'ur'] as const) {
    for (const { path, heading } of PAGES) {
      it(`${path} in ${language}: shows its content before the bundle runs and hydrates it without a mismatch`, async () => {
        const { page, context } = session;
        await context.addCookies([{ name: LANGUAGE_COOKIE, value: language, url: session.baseUrl }]);
        const release = await holdEntryScript(page);
        await page.goto(path, { waitUntil: 'commit' });

        // The server's markup alone: the page's heading, in its language and direction.
        const title = page.getByRole('heading', { level: 1, name: heading[language] });
        await title.waitFor();
        expect(await page.evaluate(() => document.documentElement.dir)).toBe(language === 'ur' ? 'rtl' : 'ltr');
        await title.evaluate((node) => node.setAttribute('data-painted-by-server', ''));

        await release();
        await page.waitForLoadState('networkidle');
        // React took the server's nodes over instead of drawing the page again (a mismatch would
        // have replaced them), and said nothing about it.
        expect(await page.locator('h1[data-painted-by-server]').count()).toBe(1);
        expect(session.problems).toEqual([]);

        // Interactive: the language switch is React's, and flips the page.
        const other = language === 'en' ? 'ur' : 'en';
        await page
          .getByRole('button', { name: language === 'en' ? 'اردو' : 'English' })
          .first()
          .click();
        await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(other);
        expect(session.problems).toEqual([]);
      });
    }
  }

  it('asks for no script until its style sheet is in and its first frame is drawn (decision 074)', async () => {
    const { page } = session;
    // The start of the page's first frame (requestAnimationFrame runs as a frame begins).
    await page.addInitScript(() => {
      requestAnimationFrame(() => {
        (window as { firstFrameAt?: number }).firstFrameAt = performance.now();
      });
    });
    for (const path of ['/', '/auth', '/vendor-clubs', '/vendors/butt-karahi-house-lahore']) {
      await page.goto(path);
      // The bundle is asked for only after the first frame, which a busy machine draws later than
      // the network goes quiet: wait for the request itself, then for the page to settle.
      await page.waitForFunction(() =>
        performance.getEntriesByType('resource').some((entry) => new URL(entry.name).pathname.endsWith('.js')),
      );
      await page.waitForLoadState('networkidle');
      const timing = await page.evaluate(() => {
        const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
        const ofKind = (extension: string) =>
          resources.filter((entry) => new URL(entry.name).pathname.endsWith(extension));
        const scriptsAskedAt = ofKind('.js').map((entry) => entry.startTime);
        const firstScript = Math.min(...scriptsAskedAt);
        return {
          firstFrameAt: (window as { firstFrameAt?: number }).firstFrameAt ?? Number.NaN,
          // The page's own style sheets: one the bundle asks for later (a vendor page's map) cannot wait for it.
          styleSheetsInAt: Math.max(
            ...ofKind('.css')
              .filter((entry) => entry.startTime < firstScript)
              .map((entry) => entry.responseEnd),
          ),
          scriptsAskedAt,
        };
      });
      expect(timing.scriptsAskedAt.length, path).toBeGreaterThan(0);
      const firstScript = Math.min(...timing.scriptsAskedAt);
      expect(firstScript, path).toBeGreaterThanOrEqual(timing.styleSheetsInAt);
      expect(firstScript, path).toBeGreaterThanOrEqual(timing.firstFrameAt);
    }
    expect(session.problems).toEqual([]);
  });

  it("a shared card's address brings the card into view before the page is interactive, and then leaves the page still", async () => {
    const { page } = session;
    const vendorPath = '/vendors/butt-karahi-house-lahore';
    await page.goto(vendorPath);
    const titles = await page.locator('article h3[id^="card-"]').evaluateAll((nodes) => nodes.map((node) => node.id));
    const cardId = titles.at(-1)!.slice('card-'.length, -'-title'.length);

    // A friend's invitation to that card: the banner above the cards and the card both matter.
    const release = await holdEntryScript(page);
    await page.goto(`${vendorPath}?card=${cardId}&ref=${'A'.repeat(22)}`, { waitUntil: 'commit' });
    await page.getByText('A friend invited you').waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await release();
    // The entry script's first step, before hydration starts: the card is brought into view.
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    const tile = page.getByRole('article').filter({ has: page.locator(`[id="card-${cardId}-title"]`) });
    const landedAt = await page.evaluate(() => window.scrollY);
    expect(await tile.evaluate((element) => element.getBoundingClientRect().bottom <= window.innerHeight)).toBe(true);
    expect(await tile.evaluate((element: HTMLElement) => element.style.boxShadow)).not.toBe('');

    // Hydration neither moves it again nor sends it back to the top: a tap meanwhile lands where aimed.
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => window.scrollY)).toBe(landedAt);
    await page.getByRole('link', { name: 'Sign up to accept' }).click();
    await page.getByRole('heading', { name: 'Sign up' }).waitFor();
    expect(session.problems).toEqual([]);
  });

  it('keeps the place a visitor scrolled to before the page was interactive', async () => {
    const { page } = session;
    const release = await holdEntryScript(page);
    await page.goto('/vendor-clubs', { waitUntil: 'commit' });
    await page.getByRole('heading', { level: 1, name: 'Vendor Clubs' }).waitFor();
    await page.evaluate(() => window.scrollTo(0, 600));
    await release();
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => window.scrollY)).toBe(600);
    expect(session.problems).toEqual([]);
  });

  it('opens another page loaded whole in the same tab at its top, and a reloaded page where it was', async () => {
    const { page } = session;
    await page.goto('/vendor-clubs');
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => window.scrollTo(0, 600));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(600);

    await page.reload();
    await page.waitForLoadState('networkidle');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(600);

    // A page loaded whole (no history entry of the app's own) is not given the other one's place.
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(session.problems).toEqual([]);
  });

  it('/auth: the sign-in form is there before JavaScript and works after hydration', async () => {
    const { page } = session;
    const release = await holdEntryScript(page);
    await page.goto('/auth', { waitUntil: 'commit' });
    await page.getByLabel('Email address').first().waitFor();
    await release();
    await page.waitForLoadState('networkidle');
    // The tabs are React's: choosing Sign up writes it in the address.
    await page.getByRole('tab', { name: 'Sign up' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('mode')).toBe('sign-up');
    expect(session.problems).toEqual([]);
  });
});
