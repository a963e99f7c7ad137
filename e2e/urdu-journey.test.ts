import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import authEn from '../src/shared/i18n/en/auth';
import customerEn from '../src/shared/i18n/en/customer';
import { LANGUAGE_COOKIE } from '../src/shared/i18n/languages';
import authUr from '../src/shared/i18n/ur/auth';
import customerUr from '../src/shared/i18n/ur/customer';
import formsUr from '../src/shared/i18n/ur/forms';
import { E2E_PASSWORD, signInBrowser, signUpViaApi } from './support/api';
import { chromiumAvailable, useBrowser } from './support/browser';
import { saveScreenshots } from './support/screenshots';
import { collectAtCounter, openVendor, postJson } from './support/stamp-vendor';

/** What the customer reads on the way, from the catalogue the screen itself uses. */
const CUSTOMER_TEXTS = {
  en: { auth: authEn, customer: customerEn, dir: 'ltr' },
  ur: { auth: authUr, customer: customerUr, dir: 'rtl' },
} as const;

/**
 * Whether the page draws Urdu in Nastaliq: its faces join the page only once loaded (decision 072),
 * so `document.fonts.check` says nothing until then (a family with no face passes any check).
 */
function drawsInNastaliq(page: Page): Promise<boolean> {
  return page.evaluate(
    () =>
      [...document.fonts].some((face) => face.family.replace(/["']/g, '') === 'Noto Nastaliq Urdu') &&
      document.fonts.check('16px "Noto Nastaliq Urdu"', 'اردو'),
  );
}

/** Before a screenshot: the page's fonts are in, Nastaliq's too on an Urdu page. */
async function fontsReady(page: Page, language: 'en' | 'ur'): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  if (language === 'ur') await expect.poll(() => drawsInNastaliq(page)).toBe(true);
}

describe.skipIf(!chromiumAvailable)('Urdu: the language switch, right to left', () => {
  const session = useBrowser({ width: 360, height: 800 });

  it('switches a visitor to Urdu at 360 px, keeps it on reload, and carries it into the account', async () => {
    const { page } = session;
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([
      'en',
      'ltr',
    ]);
    await saveScreenshots(page, 'landing-en');

    await page.getByRole('button', { name: 'اردو' }).click();
    await page.getByRole('heading', { name: 'اپنی پسندیدہ جگہوں پر اسٹیمپ جمع کریں۔' }).waitFor();
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([
      'ur',
      'rtl',
    ]);
    // Mirrored: the brand sits at the right edge and the menu button at the left.
    const logo = await page.getByRole('link', { name: 'Chaska ہوم' }).first().boundingBox();
    expect(logo!.x + logo!.width).toBeGreaterThan(300);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    // The server writes the next page in Urdu from the first byte.
    const response = await page.reload();
    expect(await response!.text()).toContain('<html lang="ur" dir="rtl">');
    await page.getByRole('heading', { name: 'اپنی پسندیدہ جگہوں پر اسٹیمپ جمع کریں۔' }).waitFor();
    await expect.poll(() => drawsInNastaliq(page)).toBe(true);
    await saveScreenshots(page, 'landing-ur');

    await page.goto('/vendor-clubs');
    await page.getByRole('heading', { name: 'وینڈر کلب', level: 1 }).waitFor();
    await saveScreenshots(page, 'vendor-clubs-ur');

    // What the vendor wrote keeps its own direction on an Urdu page: the English description and
    // address read left to right, and the numbers keep their order (not "4123456 300 92+").
    await page.goto('/vendors/butt-karahi-house-lahore');
    await page.getByRole('heading', { level: 1, name: 'Butt Karahi House' }).waitFor();
    const direction = (text: string) =>
      page
        .getByText(text, { exact: true })
        .first()
        .evaluate((element) => getComputedStyle(element).direction);
    expect(await direction('Desi ghee mutton and chicken karahi cooked to order since 1982.')).toBe('ltr');
    expect(await direction('12 Lakshmi Chowk, Abbott Road')).toBe('ltr');
    expect(await direction('+92 42 37321234')).toBe('ltr');
    expect(await direction('+92 300 4123456')).toBe('ltr');
    const whatsapp = page.getByRole('link', { name: 'واٹس ایپ +92 300 4123456' });
    expect(await whatsapp.getAttribute('href')).toBe('https://wa.me/923004123456');
    await saveScreenshots(page, 'vendor-page-ur');
    await page.goto('/?city=Karachi');
    expect(await direction('Rabri, gulab jamun and fresh mithai from the heart of Burns Road.')).toBe('ltr');

    // A sign-in sent empty says what is missing in Urdu (the shared schema's field message).
    await page.goto('/auth');
    await page.getByRole('button', { name: authUr['signIn.submit'], exact: true }).click();
    await page.getByText(formsUr['credentials.missing']).first().waitFor();

    // Signing in: an account that never chose keeps the language it saw, and /user is in Urdu.
    const user = await signUpViaApi(session.baseUrl, { name: 'Sana', surname: 'Malik' });
    await signInBrowser(session.context, user.email);
    await page.goto('/user');
    await page.getByRole('heading', { name: 'خوش آمدید، Sana' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await page.getByRole('heading', { name: 'میرے لائلٹی کارڈ' }).waitFor();
    await saveScreenshots(page, 'user-dashboard-ur');
    await expect.poll(() => languageOf(session.baseUrl, user.cookie)).toBe('ur');

    await page.reload();
    await page.getByRole('heading', { name: 'خوش آمدید، Sana' }).waitFor();

    // Back to English: the account follows, and the page reads left to right again.
    await page.getByRole('button', { name: 'English' }).click();
    await page.getByRole('heading', { name: 'Welcome, Sana' }).waitFor();
    // Texts the server wrote into the page's answers follow the switch too.
    await page.getByText(customerEn['account.pendingVerification'], { exact: true }).waitFor();
    expect(await page.getByText(customerUr['account.pendingVerification'], { exact: true }).count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('ltr');
    await saveScreenshots(page, 'user-dashboard-en');
    await expect.poll(() => languageOf(session.baseUrl, user.cookie)).toBe('en');

    // The switch tapped before the page was interactive (?lang=) is the newest choice: a signed-in
    // page keeps it and saves it to the account, instead of going back to the account's English.
    await page.goto('/user?lang=ur');
    await page.getByRole('heading', { name: 'خوش آمدید، Sana' }).waitFor();
    await expect.poll(() => languageOf(session.baseUrl, user.cookie)).toBe('ur');
    await page.waitForURL('/user');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ur');
    await page.getByRole('heading', { name: 'خوش آمدید، Sana' }).waitFor();
    expect(session.problems).toEqual([]);
  });

  it('switches to Urdu before the page is interactive, and leaves no ?lang= in the address after', async () => {
    // A phone that has painted the server's page but not yet run its script: the switch still works.
    const still = await session.browser.newContext({ baseURL: session.baseUrl, javaScriptEnabled: false });
    try {
      const page = await still.newPage();
      await page.goto('/vendor-clubs?category=coffee');
      await page.getByRole('button', { name: 'اردو' }).click();
      await page.waitForURL('/vendor-clubs?category=coffee&lang=ur');
      expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([
        'ur',
        'rtl',
      ]);
      await page.getByRole('heading', { name: 'وینڈر کلب', level: 1 }).waitFor();
      const cookies = await still.cookies();
      expect(cookies.find((cookie) => cookie.name === LANGUAGE_COOKIE)?.value).toBe('ur');
    } finally {
      await still.close();
    }

    // Once interactive, the page takes the choice out of its address (the cookie keeps it).
    const { page } = session;
    await page.goto('/vendor-clubs?category=coffee&lang=ur');
    await page.waitForURL('/vendor-clubs?category=coffee');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ur');
    expect(session.problems).toEqual([]);
  });

  it('does not move the Urdu home page when Nastaliq arrives late: the fallback face takes its size', async () => {
    const { page, context } = session;
    await context.addCookies([{ name: LANGUAGE_COOKIE, value: 'ur', url: session.baseUrl }]);
    // The font is held back until the page has been drawn with the fallback, as on a slow line.
    let releaseFont = () => {};
    const fontHeld = new Promise<void>((resolve) => (releaseFont = resolve));
    await page.route(/\.woff2$/, async (route) => {
      await fontHeld;
      await route.continue();
    });
    await page.addInitScript(() => {
      const shifts: number[] = [];
      Object.assign(window, { layoutShifts: shifts });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>)
          if (!entry.hadRecentInput) shifts.push(entry.value);
      }).observe({ type: 'layout-shift', buffered: true });
    });
    // Not "load": the page's preload of the held font would keep it from ever loading.
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    await page.getByRole('heading', { name: 'اپنی پسندیدہ جگہوں پر اسٹیمپ جمع کریں۔' }).waitFor();
    await page.waitForTimeout(300);
    expect(await drawsInNastaliq(page)).toBe(false);
    releaseFont();
    await expect.poll(() => drawsInNastaliq(page)).toBe(true);
    await page.waitForTimeout(300);
    const shift = await page.evaluate(() =>
      (window as unknown as { layoutShifts: number[] }).layoutShifts.reduce((sum, value) => sum + value, 0),
    );
    // Google's "good" layout shift is under 0.1; the unmatched fallback moved this page by 0.15.
    expect(shift).toBeLessThan(0.05);
    expect(session.problems).toEqual([]);
  });

  it('shows the counter staff Issue Stamp in Urdu at 360 px, right to left, and gives a stamp', async () => {
    const { page } = session;
    const vendor = await openVendor(session.baseUrl);
    const customer = await signUpViaApi(session.baseUrl, { name: 'Bilal' });
    await signInBrowser(session.context, vendor.owner.email);
    await page.goto('/');
    // An account that never chose keeps the language it was shown in: English, saved first.
    await expect.poll(() => languageOf(session.baseUrl, vendor.owner.cookie)).toBe('en');
    await page.getByRole('button', { name: 'اردو' }).click();
    await page.getByRole('heading', { name: 'اپنی پسندیدہ جگہوں پر اسٹیمپ جمع کریں۔' }).waitFor();
    // The account keeps the choice (the next page follows the account's language): wait for the
    // save, as a person reading the landing page would, before moving on.
    await expect.poll(() => languageOf(session.baseUrl, vendor.owner.cookie)).toBe('ur');

    await page.goto('/vendor/issue-stamp');
    await page.getByRole('heading', { name: 'اسٹیمپ لگائیں', level: 1 }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await page.getByText('اسٹیمپ کے لیے اسکین کریں').waitFor();
    await page
      .getByText(/^[0-9A-Z]{4}-[0-9A-Z]{4}$/)
      .first()
      .waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expect.poll(() => drawsInNastaliq(page)).toBe(true);
    await saveScreenshots(page, 'vendor-issue-stamp-ur');

    // The customer's My QR code, typed at the counter: find the customer, give the stamp.
    const myCode = await postJson<{ typedCode: string }>(session.baseUrl, '/api/stamps/my-code', customer.cookie);
    await page.getByRole('tab', { name: 'کسٹمر کا کوڈ' }).click();
    await page.getByLabel('کسٹمر کوڈ').fill(myCode.typedCode);
    await page.getByRole('button', { name: 'کسٹمر ڈھونڈیں' }).click();
    await page.getByRole('heading', { name: /Bilal/ }).waitFor();
    await page.getByRole('button', { name: 'اسٹیمپ لگائیں' }).click();
    await page.getByText('اب Doodh Patti Club پر 3 میں سے 1 اسٹیمپ ہیں۔').waitFor();
    await saveScreenshots(page, 'vendor-scan-customer-ur');
    expect(session.problems).toEqual([]);
  });
});

describe.skipIf(!chromiumAvailable)('the customer stamp-and-redeem journey in each language at 360 px', () => {
  const session = useBrowser({ width: 360, height: 800 });

  it.each(['en', 'ur'] as const)(
    'in %s: signs in, collects stamps by typed code, redeems the reward at the counter',
    async (language) => {
      const { page, context, baseUrl } = session;
      const { auth, customer: texts, dir } = CUSTOMER_TEXTS[language];
      const vendor = await openVendor(baseUrl);
      const customer = await signUpViaApi(baseUrl, { name: 'Ayesha' });
      await context.addCookies([{ name: LANGUAGE_COOKIE, value: language, url: baseUrl }]);

      await page.goto('/auth');
      await page.getByLabel(auth['field.email']).fill(customer.email);
      await page.getByLabel(auth['field.password']).fill(E2E_PASSWORD);
      await page.getByRole('button', { name: auth['signIn.submit'], exact: true }).click();
      await page.waitForURL('**/user');
      expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([
        language,
        dir,
      ]);

      // The first stamp, by the counter's typed code.
      await page.getByRole('button', { name: texts['scanner.open'] }).click();
      const dialog = page.getByRole('dialog', { name: texts['scanner.title'] });
      await dialog.getByLabel(texts['scanner.typedLabel']).fill(await vendor.counterCode());
      await dialog.getByRole('button', { name: texts['scanner.collect'] }).click();
      await dialog.getByText(texts['scanner.stampCollected']).waitFor();
      await fontsReady(page, language);
      await saveScreenshots(page, `customer-stamp-${language}`, { fullPage: false });

      // A second visit in between; the third stamp, typed again, completes the card.
      await collectAtCounter(baseUrl, vendor, customer.cookie, 1);
      await dialog.getByRole('button', { name: texts['scanner.scanAnother'] }).click();
      await dialog.getByLabel(texts['scanner.typedLabel']).fill(await vendor.counterCode());
      await dialog.getByRole('button', { name: texts['scanner.collect'] }).click();
      await dialog.getByText(texts['scanner.rewardEarned']).waitFor();
      await dialog.getByRole('link', { name: texts['scanner.redeem'] }).click();

      // The reward's live code reads left to right in either language, and the counter confirms it.
      await page.getByRole('heading', { name: texts['reward.title'] }).waitFor();
      const code = page.getByText(/^[0-9A-Z]{4}-[0-9A-Z]{4}$/);
      expect(await code.evaluate((element) => getComputedStyle(element).direction)).toBe('ltr');
      const clock = page.getByLabel(texts['reward.clockLabel']);
      expect(await clock.evaluate((element) => getComputedStyle(element).direction)).toBe('ltr');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await fontsReady(page, language);
      await saveScreenshots(page, `customer-reward-${language}`);
      await postJson(baseUrl, '/api/vendor/rewards/redeem', vendor.owner.cookie, { code: await code.textContent() });
      await page.getByText(texts['reward.redeemed']).waitFor();
      await saveScreenshots(page, `customer-redeemed-${language}`);
      await page.getByRole('link', { name: texts['reward.backToCards'] }).click();
      await page.waitForURL('**/user');
      expect(session.problems).toEqual([]);
    },
  );
});

/** The language saved to the account, as "who am I" reports it. */
async function languageOf(baseUrl: string, cookie: string): Promise<string | null> {
  const me = await fetch(`${baseUrl}/api/me`, { headers: { cookie } });
  const body = (await me.json()) as { user: { language: string | null } };
  return body.user.language;
}
