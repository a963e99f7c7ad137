import { describe, expect, it } from 'vitest';
import { signInBrowser, signUpViaApi } from './support/api';
import { createApprovedVendorOwner } from './support/billing-vendor';
import { chromiumAvailable, useBrowser } from './support/browser';
import { saveScreenshots } from './support/screenshots';
import { postJson } from './support/stamp-vendor';

describe.skipIf(!chromiumAvailable)('partner cards: one card honoured by several vendors', () => {
  const session = useBrowser();

  it('the owner invites a partner, the partner accepts and stamps a customer, who sees one card honoured at both', async () => {
    const { page, baseUrl } = session;
    const suffix = Date.now().toString(36);
    const owner = await createApprovedVendorOwner(baseUrl, `Burns Road Foods ${suffix}`);
    const partner = await createApprovedVendorOwner(baseUrl, `Karachi Chai House ${suffix}`);

    // 1. The owner upgrades to Standard (partner cards come with it) through the sandbox checkout.
    await signInBrowser(session.context, owner.email);
    await page.goto('/vendor/billing');
    await page.getByRole('button', { name: 'Upgrade to Standard' }).click();
    await page.waitForURL('**/sandbox-pay/checkout/cs_test_*');
    await page.getByRole('button', { name: /^Pay Rs/ }).click();
    await page.waitForURL('**/payment/success?session_id=cs_test_*');
    const card = await postJson<{ id: string }>(baseUrl, '/api/vendor/cards', owner.cookie, {
      card: {
        name: 'Food Street Card',
        cardType: 'free',
        stampsRequired: 5,
        rewardTitle: 'Free Bun Kebab',
        rewardValue: 400,
        minStampIntervalMinutes: 0,
      },
      saveAs: 'active',
    });

    // 2. On My Cards the owner invites the partner by its business name.
    await page.goto('/vendor/cards');
    const partners = page.getByRole('region', { name: 'Partner Cards' });
    await partners.getByLabel('Invite a partner').fill(partner.businessName.toLowerCase());
    await partners.getByRole('button', { name: 'Invite' }).click();
    await partners.getByText('Invitation sent.').waitFor();
    await partners.getByRole('list', { name: 'Partners' }).getByText('Invited').waitFor();

    // 3. The partner sees the invitation on its My Cards and accepts.
    const partnerSide = await session.newContext();
    await signInBrowser(partnerSide.context, partner.email);
    await partnerSide.page.goto('/vendor/cards');
    const invitations = partnerSide.page.getByRole('region', { name: 'Partner invitations' });
    await invitations.getByText('Food Street Card').waitFor();
    await invitations.getByText(`From ${owner.businessName}`).waitFor();
    await invitations.getByRole('button', { name: /^Accept Food Street Card/ }).click();
    await invitations.getByText('Partner', { exact: true }).waitFor();
    await saveScreenshots(partnerSide.page, 'partner-cards-invitations');

    // The owner sees the partner accepted.
    await page.reload();
    await partners.getByRole('list', { name: 'Partners' }).getByText('Partner', { exact: true }).waitFor();
    await saveScreenshots(page, 'partner-cards-owner');

    // 4. The partner's counter offers the partner card; a customer types its code.
    await partnerSide.page.goto('/vendor/issue-stamp');
    const picker = partnerSide.page.getByLabel('Card', { exact: true });
    await picker.selectOption({ label: `Food Street Card (partner card of ${owner.businessName})` });
    const typed = partnerSide.page.getByText(/^[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    await typed.waitFor();
    await saveScreenshots(partnerSide.page, 'partner-cards-issue-stamp');
    const code = (await typed.textContent())!;

    const customer = await signUpViaApi(baseUrl, { name: 'Mehwish' });
    const customerSide = await session.newContext();
    await signInBrowser(customerSide.context, customer.email);
    await customerSide.page.goto('/user');
    await customerSide.page.getByRole('button', { name: 'Scan QR Code' }).click();
    const dialog = customerSide.page.getByRole('dialog', { name: 'Scan QR Code' });
    await dialog.getByLabel(/No camera\? Type the code/).fill(code);
    await dialog.getByRole('button', { name: 'Collect stamp' }).click();
    await dialog.getByText('Stamp collected successfully!').waitFor();
    await dialog.getByRole('button', { name: 'Done' }).click();
    // The live notice names the counter that gave the stamp.
    await customerSide.page.getByText(`New stamp at ${partner.businessName}`).waitFor();

    // 5. One card in the wallet, with its count and where it is honoured.
    const tile = customerSide.page.getByRole('article').filter({ hasText: 'Food Street Card' });
    await tile.getByText('1 / 5 stamps').waitFor();
    await tile.getByText(`Honoured at: ${owner.businessName}, ${partner.businessName}`).waitFor();
    expect(await customerSide.page.getByRole('article').filter({ hasText: 'Food Street Card' }).count()).toBe(1);
    await saveScreenshots(customerSide.page, 'partner-cards-wallet');

    // 6. The owner's analytics for the card show each vendor's share: the stamp was the partner's.
    await page.goto(`/vendor/analytics?card=${card.id}`);
    const shares = page.getByRole('table', { name: 'Partner share' });
    const partnerRow = shares.getByRole('row').filter({ hasText: partner.businessName });
    await partnerRow.waitFor();
    expect((await partnerRow.getByRole('cell').allTextContents()).map((text) => text.trim())).toEqual([
      partner.businessName,
      '1',
      '0',
    ]);
    expect(
      (await shares.getByRole('row').filter({ hasText: owner.businessName }).getByRole('cell').allTextContents()).slice(
        1,
      ),
    ).toEqual(['0', '0']);
    await saveScreenshots(page, 'partner-cards-analytics');

    await partnerSide.context.close();
    await customerSide.context.close();
    expect(session.problems).toEqual([]);
    expect(card.id).toBeTruthy();
  });
});
