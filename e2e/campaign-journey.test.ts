import { describe, expect, inject, it } from 'vitest';
import { freshMobile, waitForPhoneCode } from '../src/server/test/fake-text-providers';
import { linkFrom, readOutbox, signInBrowser, signUpViaApi } from './support/api';
import { axeViolations } from './support/axe';
import { chromiumAvailable, useBrowser } from './support/browser';
import { payForPlan } from './support/plan-vendor';
import { saveScreenshots } from './support/screenshots';
import { openVendor, postJson } from './support/stamp-vendor';

/**
 * A vendor's owner writes to the customers one stamp from a reward: sees the count per segment,
 * sends, and sees the figures fill in as the e-mail is delivered, its link followed and the
 * customer back at the counter (decision 045).
 */
describe.skipIf(!chromiumAvailable)('a vendor sends a campaign', () => {
  const session = useBrowser({ width: 1280, height: 900 });

  it('composes to a segment, sees the count, sends, and sees sent, delivered, opened and came back', async () => {
    const { page, baseUrl } = session;
    const vendor = await openVendor(baseUrl);
    // One customer is a stamp from the 3-stamp reward, the other has just joined the card.
    const close = await signUpViaApi(baseUrl, { name: 'Sana', surname: 'Malik' });
    const other = await signUpViaApi(baseUrl, { name: 'Bilal', surname: 'Ahmed' });
    for (let stamp = 0; stamp < 2; stamp += 1)
      await postJson(baseUrl, '/api/stamps/collect', close.cookie, { code: await vendor.counterCode() });
    await postJson(baseUrl, `/api/marketplace/cards/${vendor.cardId}/join`, other.cookie);
    // The close customer added their number and asked for vendor updates by WhatsApp (decision 081).
    const number = freshMobile('0300');
    await postJson(baseUrl, '/api/accounts/phone/code', close.cookie, {
      phoneNumber: number.typed,
      purpose: 'add_phone',
    });
    const code = await waitForPhoneCode(inject('textProviders'), number.e164, { channel: 'whatsapp' });
    await postJson(baseUrl, '/api/accounts/phone/add', close.cookie, { phoneNumber: number.typed, code });
    const preferences = await (
      await fetch(`${baseUrl}/api/email-preferences`, { headers: { cookie: close.cookie } })
    ).json();
    const { updated_at: _updatedAt, unsubscribed: _unsubscribed, ...current } = preferences.preferences;
    const saved = await fetch(`${baseUrl}/api/email-preferences`, {
      method: 'PUT',
      headers: { cookie: close.cookie, 'content-type': 'application/json', origin: baseUrl },
      body: JSON.stringify({ ...current, whatsapp: { ...current.whatsapp, vendor_updates: true } }),
    });
    expect(saved.status).toBe(200);

    // On Starter the page is locked, with the way to Billing.
    await signInBrowser(session.context, vendor.owner.email);
    await page.goto('/vendor/campaigns');
    await page.getByText('Campaigns come with the Standard plan and above.').waitFor();
    expect(await page.getByRole('link', { name: 'Upgrade on Billing' }).getAttribute('href')).toBe('/vendor/billing');

    await payForPlan(baseUrl, vendor.owner.cookie, 'standard');
    await page.goto('/vendor/campaigns');
    await page.getByText('0 of 2 campaigns used this month').waitFor();
    await page.getByLabel('Subject').fill('One more chai to go');
    await page.getByLabel('Message').fill('Your free Karak Chai is one stamp away. See you this week!');
    const count = page.getByTestId('campaign-recipients');
    await count.getByText('2 customers will receive it').waitFor();
    await page.getByLabel('Send to').selectOption('close_to_reward');
    await count.getByText('1 customer will receive it').waitFor();
    // WhatsApp's marketing price, 13 rupees by default, within the Standard plan's 500 a month.
    await page
      .getByTestId('campaign-by-phone')
      .getByText(
        'Also by WhatsApp to 1 and by SMS to 0 who asked for it, between 9:00 and 21:00: about Rs 13 (500 messages left in your plan this month).',
      )
      .waitFor();
    await saveScreenshots(page, 'campaign-composer');

    await page.getByRole('button', { name: 'Review and send' }).click();
    const confirm = page.getByRole('dialog', { name: 'Send this campaign?' });
    await confirm.getByText('“One more chai to go” goes to 1 customer now.').waitFor();
    await confirm.getByRole('button', { name: 'Send campaign' }).click();
    await page.getByText('Your campaign is on its way.').waitFor();
    await page.getByText('1 of 2 campaigns used this month').waitFor();

    // The job runner sends it within seconds; the list shows it sent and delivered.
    const row = page.locator('tbody tr', { hasText: 'One more chai to go' });
    // Each figure read under its column's header (its text, not its place), as the user reads it.
    const shown = async () => {
      await row.waitFor();
      const headers = (await page.locator('thead th').allTextContents()).map((text) => text.trim());
      const under = (header: string) => row.locator('td').nth(headers.indexOf(header));
      return {
        status: (await under('Status').innerText()).split('\n')[0]!.trim(),
        reach: await under('Reach').locator('li').allInnerTexts(),
        cameBack: (await under('Came back').innerText()).trim(),
      };
    };
    const expectFigures = async (figures: Awaited<ReturnType<typeof shown>>) => {
      for (let attempt = 0; attempt < 30; attempt += 1) {
        if (JSON.stringify(await shown()) === JSON.stringify(figures)) return;
        await page.waitForTimeout(1000);
        await page.reload();
      }
      expect(await shown()).toEqual(figures);
    };
    // The list reads without a sideways scroll on a laptop, and as one card per campaign on a phone;
    // axe finds nothing in it at either width.
    const sidewaysScroll = () =>
      row.evaluate((element) => {
        const box = element.closest('[role="region"]')!;
        return Math.max(box.scrollWidth - box.clientWidth, document.documentElement.scrollWidth - window.innerWidth);
      });
    const expectReadableList = async () => {
      for (const width of [1280, 360]) {
        await page.setViewportSize({ width, height: 900 });
        // Polled: the page may measure once before it has laid itself out at the new width.
        await expect.poll(sidewaysScroll, { message: `sideways scroll at ${width} px` }).toBe(0);
        expect(await axeViolations(page), `axe at ${width} px`).toEqual([]);
      }
      await page.setViewportSize({ width: 1280, height: 900 });
    };
    await expectFigures({
      status: 'Sent',
      reach: ['1 recipient', '1 sent', '1 delivered', '0 opened the link'],
      cameBack: '0',
    });
    await expectReadableList();

    // Only the close customer got it; its button leads through the tracked link to the vendor page.
    expect(await readOutbox(baseUrl, other.email, 'vendor_message')).toEqual([]);
    const [email] = await readOutbox(baseUrl, close.email, 'vendor_message');
    const opened = await fetch(linkFrom(email!, '/api/campaigns/open/'), { redirect: 'manual' });
    expect(opened.status).toBe(302);
    expect(opened.headers.get('location')).toMatch(/\/vendors\/lahori-chai-dhaba-/);
    // The customer comes back and collects the stamp.
    await postJson(baseUrl, '/api/stamps/collect', close.cookie, { code: await vendor.counterCode() });
    await page.reload();
    await expectFigures({
      status: 'Sent',
      reach: ['1 recipient', '1 sent', '1 delivered', '1 opened the link'],
      cameBack: '1',
    });
    // The widest row: a long subject, still scheduled, so its status carries Cancel.
    const later = 'Double stamps on every cup of chai this weekend, and a samosa with the third';
    await page.getByLabel('Subject').fill(later);
    await page.getByLabel('Message').fill('Bring a friend along too.');
    await page.getByLabel('Schedule for later').check();
    await page.getByRole('button', { name: 'Review and send' }).click();
    await page
      .getByRole('dialog', { name: 'Send this campaign?' })
      .getByRole('button', { name: 'Schedule campaign' })
      .click();
    const scheduled = page.locator('tbody tr', { hasText: later });
    await scheduled.getByText('Scheduled').waitFor();
    await scheduled.getByRole('button', { name: 'Cancel' }).waitFor();
    await expectReadableList();
    await saveScreenshots(page, 'campaign-figures');

    // In Urdu, right to left, the list reads the same way at both widths.
    await page.getByRole('button', { name: 'Language: اردو' }).first().click();
    await page.getByRole('columnheader', { name: 'رسائی' }).waitFor();
    await row.getByText('1 نے لنک کھولا').waitFor();
    // A phone's card names each value by its column, in the language now shown.
    await row.locator('td[data-label="رسائی"]').getByText('1 نے لنک کھولا').waitFor();
    await expectReadableList();
    await saveScreenshots(page, 'campaign-figures-ur');
  });
});
