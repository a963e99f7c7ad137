import { readFile } from 'node:fs/promises';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { signInBrowser, signUpViaApi } from './support/api';
import { E2E_PASS_TYPE_ID } from './support/accounts';
import { chromiumAvailable, useBrowser } from './support/browser';
import { saveScreenshots } from './support/screenshots';
import { openVendor } from './support/stamp-vendor';

describe.skipIf(!chromiumAvailable)('a held card into Apple Wallet', () => {
  const session = useBrowser({ width: 360, height: 780 });

  it('the card on /user offers Add to Apple Wallet (and no Google button without its keys), and downloads the signed pass', async () => {
    const { page } = session;
    const vendor = await openVendor(session.baseUrl);
    const customer = await signUpViaApi(session.baseUrl, { name: 'Sana' });
    await signInBrowser(session.context, customer.email);
    await page.goto('/user');
    await page.getByRole('heading', { name: 'Welcome, Sana' }).waitFor();

    // One stamp at the counter, typed as a customer without a camera would.
    const dialog = page.getByRole('dialog', { name: 'Scan QR Code' });
    await page.getByRole('button', { name: 'Scan QR Code' }).click();
    await dialog.getByLabel(/No camera\? Type the code/).fill(await vendor.counterCode());
    await dialog.getByRole('button', { name: 'Collect stamp' }).click();
    await dialog.getByText('Stamp collected successfully!').waitFor();
    await dialog.getByRole('button', { name: 'Done' }).click();

    const tile = page.getByRole('article').filter({ hasText: 'Doodh Patti Club' });
    const add = tile.getByRole('link', { name: 'Add to Apple Wallet: Doodh Patti Club' });
    await add.waitFor();
    expect(await tile.getByRole('button', { name: /Google Wallet/ }).count()).toBe(0);
    // From the top, so the sticky header does not sit over the cards in a whole-page picture.
    await page.evaluate(() => window.scrollTo(0, 0));
    await saveScreenshots(page, 'wallet-card-buttons');

    const [download] = await Promise.all([page.waitForEvent('download'), add.click()]);
    expect(download.suggestedFilename()).toMatch(/\.pkpass$/);
    const files = unzipSync(new Uint8Array(await readFile((await download.path())!)));
    expect(Object.keys(files)).toEqual(expect.arrayContaining(['pass.json', 'manifest.json', 'signature']));
    const pass = JSON.parse(Buffer.from(files['pass.json']!).toString('utf8'));
    expect(pass.passTypeIdentifier).toBe(E2E_PASS_TYPE_ID);
    expect(pass.logoText).toBe(vendor.businessName);
    expect(pass.storeCard.headerFields[0]).toMatchObject({ label: 'Stamps', value: '1 / 3' });
    expect(pass.storeCard.secondaryFields[0]).toMatchObject({ label: 'Reward', value: 'Free Karak Chai' });
    expect(session.problems).toEqual([]);
  });
});
