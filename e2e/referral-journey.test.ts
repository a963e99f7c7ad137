import { describe, expect, it } from 'vitest';
import { signInBrowser, signUpViaApi, uniqueEmail, E2E_PASSWORD } from './support/api';
import { chromiumAvailable, useBrowser } from './support/browser';
import { saveScreenshots } from './support/screenshots';
import { openVendor, postJson } from './support/stamp-vendor';

describe.skipIf(!chromiumAvailable)('a customer refers a friend', () => {
  const session = useBrowser();

  it('shares an invitation; the friend signs up, collects a first stamp, and both get a bonus stamp', async () => {
    const { page, baseUrl } = session;
    const vendor = await openVendor(baseUrl);
    const referrer = await signUpViaApi(baseUrl, { name: 'Ayesha' });
    await postJson(baseUrl, '/api/stamps/collect', referrer.cookie, { code: await vendor.counterCode() });
    await signInBrowser(session.context, referrer.email);

    // 1. The referrer opens "Invite a friend" on the card and gets a WhatsApp link with the code.
    await page.goto('/user');
    const tile = page.getByRole('article').filter({ hasText: 'Doodh Patti Club' });
    await tile.getByText('1 / 3 stamps').waitFor();
    await tile.getByRole('button', { name: 'Invite a friend' }).click();
    await tile.getByText(`Invite a friend to ${vendor.businessName}`).waitFor();
    const whatsapp = tile.getByRole('link', { name: 'WhatsApp' });
    const href = (await whatsapp.getAttribute('href'))!;
    expect(href).toMatch(/^https:\/\/wa\.me\/\?text=/);
    const message = decodeURIComponent(href.slice('https://wa.me/?text='.length));
    const link = /(http\S+ref=[A-Za-z0-9_-]{22})/.exec(message)?.[1];
    expect(link).toBeDefined();
    expect(message).toContain('we both get a bonus stamp');
    await saveScreenshots(page, 'referral-invite');

    // 2. The friend opens the link on their own phone (another browser), signed out.
    const friendBrowser = await session.newContext({ width: 360, height: 800 });
    const friendPage = friendBrowser.page;
    await friendPage.goto(new URL(link!).pathname + new URL(link!).search);
    await friendPage.getByText('A friend invited you').waitFor();
    await saveScreenshots(friendPage, 'referral-landing');
    await friendPage.getByRole('link', { name: 'Sign up to accept' }).click();
    await friendPage.getByRole('heading', { name: 'Sign up' }).waitFor();
    await friendPage.getByLabel('First Name').fill('Bilal');
    await friendPage.getByLabel('Last Name').fill('Ahmed');
    await friendPage.getByLabel('Email address').fill(uniqueEmail('friend'));
    await friendPage.getByLabel('Password').fill(E2E_PASSWORD);
    await friendPage.getByRole('button', { name: 'Continue', exact: true }).click();

    // 3. Back on the vendor page, signed in: the invitation is accepted and leaves the address.
    await friendPage.getByText(`Invitation accepted. Collect your first stamp at ${vendor.businessName}`).waitFor();
    expect(friendPage.url()).not.toContain('ref=');

    // 4. The friend's first stamp at the counter brings the bonus for both.
    await friendPage.goto('/user');
    await friendPage.getByRole('button', { name: 'Scan QR Code' }).click();
    const dialog = friendPage.getByRole('dialog', { name: 'Scan QR Code' });
    await dialog.getByLabel(/No camera\? Type the code/).fill(await vendor.counterCode());
    await dialog.getByRole('button', { name: 'Collect stamp' }).click();
    await dialog.getByText('Your friend’s invitation gave you a bonus stamp.').waitFor();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await friendPage.getByRole('article').filter({ hasText: 'Doodh Patti Club' }).getByText('2 / 3 stamps').waitFor();
    await friendBrowser.context.close();

    // The referrer's card shows the bonus too (live, or on the next load).
    await page.reload();
    await page.getByRole('article').filter({ hasText: 'Doodh Patti Club' }).getByText('2 / 3 stamps').waitFor();

    expect(session.problems).toEqual([]);

    // A mangled invitation says what is wrong with it, in words meant for a person (the
    // refused claim is the one failed request after this point).
    await page.goto(`${new URL(link!).pathname}?ref=not-a-code`);
    const refused = page.getByRole('alert').filter({ hasText: 'A friend invited you' });
    await refused.getByText('This is not a referral code.').waitFor();
    expect(await refused.innerText()).not.toContain('code:');
  });
});
