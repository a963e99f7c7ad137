import { describe, expect, it } from 'vitest';
import { signInBrowser, signUpViaApi } from './support/api';
import { chromiumAvailable, useBrowser } from './support/browser';
import { saveScreenshots } from './support/screenshots';
import { openVendor, postJson } from './support/stamp-vendor';

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
    await page.evaluate(() => document.fonts.ready);
    expect(await page.evaluate(() => document.fonts.check('16px "Noto Nastaliq Urdu"', 'اردو'))).toBe(true);
    await saveScreenshots(page, 'landing-ur');

    await page.goto('/vendor-clubs');
    await page.getByRole('heading', { name: 'وینڈر کلب', level: 1 }).waitFor();
    await saveScreenshots(page, 'vendor-clubs-ur');

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
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('ltr');
    await saveScreenshots(page, 'user-dashboard-en');
    await expect.poll(() => languageOf(session.baseUrl, user.cookie)).toBe('en');
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
    await page.evaluate(() => document.fonts.ready);
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

/** The language saved to the account, as "who am I" reports it. */
async function languageOf(baseUrl: string, cookie: string): Promise<string | null> {
  const me = await fetch(`${baseUrl}/api/me`, { headers: { cookie } });
  const body = (await me.json()) as { user: { language: string | null } };
  return body.user.language;
}
