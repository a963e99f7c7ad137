import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenPaths } from '../src/client/route-table';
import { LANGUAGE_COOKIE } from '../src/shared/i18n/languages';
import { linkFrom, readOutbox, signInBrowser, signUpViaApi, uniqueEmail } from './support/api';
import { axeViolations } from './support/axe';
import { chromiumAvailable, useBrowser } from './support/browser';
import { signInBrowserAsAdmin } from './support/vendor-applicants';
import { collectAtCounter, openVendor, postJson } from './support/stamp-vendor';

/*
 * Every route of the route table (issue 18), as the person who would see it (signed out,
 * customer, vendor owner, vendor staff, admin), in English at a phone's 360 px and a laptop's
 * 1280 px and in Urdu (right to left) at 360 px: it answers, draws, has no console error, failed
 * request or page error, no sideways overflow, and axe-core finds nothing against WCAG 2.2 AA. A
 * new route is checked the day it joins the route table; one without a role below fails until it
 * is given one. Urdu at 1280 px is left out, a quarter of the browser suite's longest file: the
 * wide layout is checked in English, right to left in Urdu at the phone width most customers use.
 * The signed-out visitor also opens every private address once (English, 360 px): it answers and
 * draws without errors (the sign-in it leads to is checked as the visitor's own page).
 */

/** Each language at the widths it is checked at. */
const VIEWS = [
  { language: 'en', width: 360 },
  { language: 'en', width: 1280 },
  { language: 'ur', width: 360 },
] as const;

type Role = 'visitor' | 'customer' | 'owner' | 'staff' | 'admin';

/** Who sees each address. Staff see the counter side of the vendor area; the rest is the owner's. */
function rolesFor(pattern: string): Role[] {
  if (pattern.startsWith('/admin')) return ['admin'];
  if (['/vendor', '/vendor/issue-stamp', '/vendor/customers'].includes(pattern)) return ['owner', 'staff'];
  if (pattern.startsWith('/vendor/')) return ['owner'];
  if (
    pattern.startsWith('/user') ||
    ['/account/security', '/email-preferences', '/complete-profile', '/support/:conversationId'].includes(pattern)
  )
    return ['customer'];
  // The support page's inbox: a visitor is asked to sign in, a signed-in person writes and reads.
  if (pattern === '/support') return ['visitor', 'customer'];
  return ['visitor'];
}

/**
 * WCAG 1.4.4: with the browser's text size at 200% (Chromium's default font size, which every rem
 * of the layout and every em media query follows) the page must not be pushed sideways. Checked
 * on the laptop width: at a phone's 360 px, doubled text is a 180 px layout, below the 320 px that
 * WCAG's reflow asks for. Names the narrowest element that sticks out (the likeliest culprit).
 */
async function overflowAtDoubleText(page: Page, devtools: CDPSession): Promise<string | null> {
  await devtools.send('Page.setFontSizes', { fontSizes: { standard: 32, fixed: 26 } });
  try {
    return await page.evaluate(async () => {
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      const over = document.documentElement.scrollWidth - window.innerWidth;
      if (over <= 0) return null;
      let culprit: Element | null = null;
      for (const element of document.body.querySelectorAll('*')) {
        const box = element.getBoundingClientRect();
        if (box.right > window.innerWidth + 1 && (!culprit || box.width < culprit.getBoundingClientRect().width))
          culprit = element;
      }
      const name = culprit
        ? `${culprit.tagName.toLowerCase()}.${[...culprit.classList].slice(0, 4).join('.')} "${(culprit.textContent ?? '').trim().slice(0, 40)}"`
        : 'unknown';
      return `overflows by ${over} px, at ${name}`;
    });
  } finally {
    await devtools.send('Page.setFontSizes', { fontSizes: { standard: 16, fixed: 13 } });
  }
}

describe.skipIf(!chromiumAvailable)('accessibility: WCAG 2.2 AA on every route', () => {
  const session = useBrowser();

  it('every route renders cleanly and axe finds nothing at 360 and 1280 px (Urdu at 360), nor does 200% text overflow, for whoever sees it', async () => {
    const { baseUrl } = session;
    // The people and the data the addresses need: a vendor with a card, a customer holding its
    // reward, a member of staff, and the platform admin.
    const vendor = await openVendor(baseUrl);
    const customer = await signUpViaApi(baseUrl, { name: 'Rabia' });
    const { rewardId } = await collectAtCounter(baseUrl, vendor, customer.cookie, 3);
    const staff = await signUpViaApi(baseUrl, { email: uniqueEmail('staff'), name: 'Bilal' });
    await postJson(baseUrl, '/api/vendor/staff/invitations', vendor.owner.cookie, { email: staff.email });
    await expect.poll(async () => (await readOutbox(baseUrl, staff.email, 'staff_invite')).length).toBe(1);
    const [invitation] = await readOutbox(baseUrl, staff.email, 'staff_invite');
    const token = new URL(linkFrom(invitation!, '/join-vendor')).searchParams.get('token');
    await postJson(baseUrl, '/api/vendor-invitations/accept', staff.cookie, { token });
    const conversation = await postJson<{ id: string }>(baseUrl, '/api/support/conversations', customer.cookie, {
      subject: 'My stamp did not show up',
      message: 'I scanned the code at the counter on Monday evening.',
    });
    const slug = (
      await (await fetch(`${baseUrl}/api/vendor/profile`, { headers: { cookie: vendor.owner.cookie } })).json()
    ).slug as string;

    const addresses = [
      '/',
      ...screenPaths().map(({ pattern }) =>
        pattern
          .replace(':rewardId', rewardId ?? 'unknown')
          .replace(':slug', slug)
          .replace(':conversationId', conversation.id)
          .replace(/:\w+/g, 'unknown'),
      ),
      '/no-such-page',
    ];
    const patterns = ['/', ...screenPaths().map(({ pattern }) => pattern), '/no-such-page'];

    const signIn: Record<Role, (context: BrowserContext) => Promise<void>> = {
      visitor: async () => {},
      customer: (context) => signInBrowser(context, customer.email),
      owner: (context) => signInBrowser(context, vendor.owner.email),
      staff: (context) => signInBrowser(context, staff.email),
      admin: (context) => signInBrowserAsAdmin(context),
    };

    // Each person, language and width is a page of its own; two run at once, which keeps both
    // cores busy while one page waits for the server.
    const runs = (['visitor', 'customer', 'owner', 'staff', 'admin'] as const).flatMap((role) =>
      VIEWS.map((view) => ({ role, ...view })),
    );
    const found: string[] = [];
    const check = async ({ role, language, width }: (typeof runs)[number]) => {
      const problems: string[] = [];
      const { context, page } = await session.newContext({ width, height: 800, problems });
      const devtools = await context.newCDPSession(page);
      try {
        await context.addCookies([{ name: LANGUAGE_COOKIE, value: language, url: baseUrl }]);
        await signIn[role](context);
        for (const [index, address] of addresses.entries()) {
          const own = rolesFor(patterns[index]!).includes(role);
          const signedOutVisit = role === 'visitor' && language === 'en' && width === 360;
          if (!own && !signedOutVisit) continue;
          const where = `${address} (${role}, ${language}, ${width} px)`;
          problems.length = 0;
          const response = await page.goto(address, { waitUntil: 'networkidle' });
          if ((response?.status() ?? 200) >= 400 && address !== '/no-such-page')
            found.push(`${where}: answered ${response?.status()}`);
          await expect.poll(() => page.locator('#root').innerText(), { message: address }).not.toBe('');
          if (address === '/no-such-page' && language === 'en') {
            await expect
              .poll(() => page.getByRole('heading', { name: 'Page not found' }).count(), { message: where })
              .toBe(1);
          }
          await page.evaluate(() => document.fonts.ready);
          const violations = own ? await axeViolations(page) : [];
          for (const violation of violations) {
            found.push(
              `${where}: ${violation.id} [${violation.impact}] ${violation.help} at ${violation.targets.join(' | ')}`,
            );
          }
          const sideways = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          if (sideways > 0) found.push(`${where}: overflows sideways by ${sideways} px`);
          const overflow = width >= 1280 ? await overflowAtDoubleText(page, devtools) : null;
          if (overflow) found.push(`${where} with text at 200%: ${overflow}`);
          found.push(...problems.map((problem) => `${where}: ${problem}`));
        }
      } finally {
        await context.close();
      }
    };
    const queue = [...runs];
    await Promise.all(
      [1, 2].map(async () => {
        for (let run = queue.shift(); run; run = queue.shift()) await check(run);
      }),
    );
    expect(found).toEqual([]);
  }, 900_000);
});
