import { describe, expect, it } from 'vitest';
import { signInBrowser, signUpViaApi } from './support/api';
import { chromiumAvailable, useBrowser } from './support/browser';
import { openVendor, postJson } from './support/stamp-vendor';

describe.skipIf(!chromiumAvailable)('issue stamp: a customer code at the counter', () => {
  const session = useBrowser({ width: 360, height: 800 });

  it('gives the stamp in the counter’s words, and the row shows the new count with its button done', async () => {
    const { page, baseUrl } = session;
    const vendor = await openVendor(baseUrl);
    const customer = await signUpViaApi(baseUrl, { name: 'Sana' });
    const myCode = await postJson<{ typedCode: string }>(baseUrl, '/api/stamps/my-code', customer.cookie);
    await signInBrowser(session.context, vendor.owner.email);

    await page.goto('/vendor/issue-stamp');
    await page.getByRole('tab', { name: 'Scan customer' }).click();
    await page.getByLabel('Customer code').fill(myCode.typedCode);
    await page.getByRole('button', { name: 'Find customer' }).click();
    const row = page.getByRole('listitem').filter({ hasText: 'Doodh Patti Club' });
    await row.getByRole('button', { name: 'Give stamp' }).click();

    await page.getByText('Stamp given to Sana on Doodh Patti Club.').waitFor();
    await row.getByText('1 of 3 stamps').waitFor();
    expect(await row.getByRole('button', { name: 'Stamp given' }).isDisabled()).toBe(true);
    expect(await page.getByText('Stamp collected successfully!').count()).toBe(0);
  });
});
