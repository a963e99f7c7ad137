import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { approveVendor, signInBrowser, signUpViaApi, uniqueEmail, verifyEmailViaApi } from './support/api';
import { chromiumAvailable, useBrowser } from './support/browser';
import { saveScreenshots } from './support/screenshots';

/** A real vendor: signs up and applies through the API, and the platform admin approves it. */
async function approvedVendor(baseUrl: string) {
  const businessName = `Gawalmandi Chai ${randomBytes(2).toString('hex')}`;
  const owner = await signUpViaApi(baseUrl, { email: uniqueEmail('owner'), name: 'Imran', surname: 'Butt' });
  await verifyEmailViaApi(baseUrl, owner.email);
  const response = await fetch(`${baseUrl}/api/vendor-applications`, {
    method: 'POST',
    headers: { cookie: owner.cookie, 'content-type': 'application/json' },
    body: JSON.stringify({
      business_name: businessName,
      business_category: 'cafe',
      business_description: '',
      address: '12 Food Street',
      city: 'Lahore',
      area: 'Gawalmandi',
      phone: '+92 300 1234567',
      whatsapp: '',
      website: '',
      owner_name: 'Imran Butt',
      owner_email: owner.email,
    }),
  });
  if (!response.ok) throw new Error(`application failed: ${response.status} ${await response.text()}`);
  await approveVendor(baseUrl, ((await response.json()) as { vendorId: string }).vendorId);
  return { owner, businessName };
}

describe.skipIf(!chromiumAvailable)('vendor area: a card, its counter code, a customer stamp, and the numbers', () => {
  const session = useBrowser();

  it('creates a card, shows its counter code, and sees the customer and the stamp in Customers and Analytics', async () => {
    const { page, baseUrl } = session;
    const { owner, businessName } = await approvedVendor(baseUrl);
    await signInBrowser(session.context, owner.email);

    // Dashboard quick action → the create form on My Cards.
    await page.goto('/vendor');
    await page.getByRole('heading', { name: 'Current plan' }).or(page.getByText('Starter Plan')).first().waitFor();
    await page.getByRole('link', { name: /Create New Card/ }).click();
    const form = page.getByRole('dialog', { name: 'Create New Card' });
    // A new vendor has no paid plan: the form offers the Starter types and names the plan for Daily Chaska.
    const cardType = form.getByLabel('Card type');
    await expect.poll(() => cardType.locator('option').allTextContents()).toEqual(['Free', 'Vendor Club', 'Exclusive']);
    await form.getByText('Daily Chaska cards come with the Standard plan and above.').waitFor();
    await form.getByLabel('Card name').fill('Doodh Patti Club');
    await form.getByLabel('Stamps required').fill('3');
    await form.getByLabel('Minimum minutes between stamps').fill('0');
    await form.getByLabel('Reward title').fill('Free Karak Chai');
    await form.getByLabel('Reward value (PKR)').fill('250');
    await form.getByRole('button', { name: 'Save as Active' }).click();
    await page.getByText('“Doodh Patti Club” is active.').waitFor();
    await expect
      .poll(() =>
        page
          .getByRole('article')
          .filter({ hasText: 'Doodh Patti Club' })
          .getByText('Active', { exact: true })
          .isVisible(),
      )
      .toBe(true);

    // The counter code of the new card, as a tablet at the counter shows it.
    await page.getByRole('link', { name: 'Issue Stamp' }).first().click();
    await page.getByText('Scan to collect a stamp').waitFor();
    await expect.poll(() => page.getByText(businessName).first().isVisible()).toBe(true);
    const typedCode = page.getByText(/^[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    await typedCode.waitFor();
    const code = (await typedCode.innerText()).trim();
    await page.getByRole('img', { name: 'Counter QR code for Doodh Patti Club' }).waitFor();

    /** A customer on their phone types a code into the scanner on their dashboard. */
    async function typeOnPhone(name: string, surname: string, typed: string, expected: string) {
      const customer = await signUpViaApi(baseUrl, { name, surname });
      const phone = await session.newContext({ width: 360, height: 800 });
      try {
        await signInBrowser(phone.context, customer.email);
        await phone.page.goto('/user');
        await phone.page.getByRole('button', { name: 'Scan QR Code' }).click();
        await phone.page.getByLabel('No camera? Type the code from the counter').fill(typed);
        await phone.page.getByRole('button', { name: 'Collect stamp' }).click();
        await phone.page.getByText(expected).first().waitFor();
      } finally {
        await phone.context.close();
      }
    }
    await typeOnPhone('Mehwish', 'Raza', code, 'Stamp collected successfully!');

    // The counter hears at once that its code was used and shows the next one.
    await page.getByText('Stamp collected. Here is a new code.').waitFor({ timeout: 10_000 });
    await expect.poll(async () => (await typedCode.innerText()).trim()).not.toBe(code);
    const nextCode = (await typedCode.innerText()).trim();

    // A friend with a photo of the first code gets nothing; the code on screen works.
    await typeOnPhone('Sana', 'Iqbal', code, 'This code has already been used. Ask the counter for a new one.');
    await typeOnPhone('Bilal', 'Ahmed', nextCode, 'Stamp collected successfully!');

    // The vendor sees the customer and the stamp.
    await page.goto('/vendor/customers');
    const row = page.getByRole('row').filter({ hasText: 'Mehwish Raza' });
    await row.waitFor();
    expect(await row.getByRole('cell').nth(2).innerText()).toBe('1');
    await row.getByRole('button', { name: 'View' }).click();
    const detail = page.getByRole('dialog', { name: 'Mehwish Raza' });
    await detail.getByText('1 of 3 stamps', { exact: false }).waitFor();
    await page.keyboard.press('Escape');

    await page.goto('/vendor/analytics');
    const stampsTile = page.locator('dl').filter({ hasText: 'Total Stamps Issued' });
    await expect.poll(() => stampsTile.locator('dd').first().innerText()).toBe('2');
    const activeTile = page.locator('dl').filter({ hasText: 'Active Users' });
    await expect.poll(() => activeTile.locator('dd').first().innerText()).toBe('2');

    await page.goto('/vendor');
    await page.getByText('Mehwish R. collected a stamp on Doodh Patti Club').waitFor();
    await page.getByText('Card "Doodh Patti Club" created').waitFor();
    // In Urdu the whole feed is Urdu, the owner's own changes too, and the card badges.
    await page.getByRole('button', { name: 'اردو' }).first().click();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('ur');
    await page.getByText('Mehwish R. نے Doodh Patti Club پر اسٹیمپ لیا').waitFor();
    await page.getByText('کارڈ "Doodh Patti Club" بنایا گیا').waitFor();
    await page.getByText('فعال', { exact: true }).first().waitFor();
    await saveScreenshots(page, 'vendor-dashboard-ur');
    // The one refused scan (the used code) answered 409 on the friend's phone.
    expect(session.problems.filter((problem) => !problem.includes('409'))).toEqual([]);
  });
});
