import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { approveVendor, signInBrowser, signUpViaApi, uniqueEmail } from './support/api';
import { chromiumAvailable, useBrowser } from './support/browser';

/** A real vendor: signs up and applies through the API, and the platform admin approves it. */
async function approvedVendor(baseUrl: string) {
  const businessName = `Gawalmandi Chai ${randomBytes(2).toString('hex')}`;
  const owner = await signUpViaApi(baseUrl, { email: uniqueEmail('owner'), name: 'Imran', surname: 'Butt' });
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
    await form.getByLabel('Card name').fill('Doodh Patti Club');
    await form.getByLabel('Stamps required').fill('3');
    await form.getByLabel('Minimum minutes between stamps').fill('0');
    await form.getByLabel('Reward title').fill('Free Karak Chai');
    await form.getByLabel('Reward value (PKR)').fill('250');
    await form.getByRole('button', { name: 'Save as Active' }).click();
    await page.getByText('“Doodh Patti Club” is active.').waitFor();
    await expect.poll(() => page.getByRole('article').filter({ hasText: 'Doodh Patti Club' }).getByText('Active', { exact: true }).isVisible()).toBe(true);

    // The counter code of the new card, as a tablet at the counter shows it.
    await page.getByRole('link', { name: 'Issue Stamp' }).first().click();
    await page.getByText('Scan to collect a stamp').waitFor();
    await expect.poll(() => page.getByText(businessName).first().isVisible()).toBe(true);
    const typedCode = page.getByText(/^[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    await typedCode.waitFor();
    const code = (await typedCode.innerText()).trim();
    await page.getByRole('img', { name: 'Counter QR code for Doodh Patti Club' }).waitFor();

    // A customer types it into the scanner on their dashboard.
    const customer = await signUpViaApi(baseUrl, { name: 'Mehwish', surname: 'Raza' });
    const phone = await session.newContext({ width: 360, height: 800 });
    try {
      await signInBrowser(phone.context, customer.email);
      await phone.page.goto('/user');
      await phone.page.getByRole('button', { name: 'Scan QR Code' }).click();
      await phone.page.getByLabel('No camera? Type the code from the counter').fill(code);
      await phone.page.getByRole('button', { name: 'Collect stamp' }).click();
      await phone.page.getByText('Stamp collected successfully!').first().waitFor();
    } finally {
      await phone.context.close();
    }

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
    await expect.poll(() => stampsTile.locator('dd').first().innerText()).toBe('1');
    const activeTile = page.locator('dl').filter({ hasText: 'Active Users' });
    await expect.poll(() => activeTile.locator('dd').first().innerText()).toBe('1');

    await page.goto('/vendor');
    await page.getByText('Mehwish R. collected a stamp on Doodh Patti Club').waitFor();
    expect(session.problems).toEqual([]);
  });
});
