import { describe, expect, inject, it } from 'vitest';
import emailPreferencesEn from '../src/shared/i18n/en/emailPreferences';
import emailPreferencesUr from '../src/shared/i18n/ur/emailPreferences';
import { freshMobile, waitForMessage, waitForPhoneCode } from '../src/server/test/fake-text-providers';
import { chromiumAvailable, useBrowser } from './support/browser';
import { saveScreenshots } from './support/screenshots';
import { openVendor, postJson } from './support/stamp-vendor';

const stampsByWhatsApp = emailPreferencesUr['phone.toggleWhatsApp'].replace(
  '{{category}}',
  emailPreferencesUr['type.stamps.label'],
);

describe.skipIf(!chromiumAvailable)('notices by WhatsApp (decisions 081, 082)', () => {
  const session = useBrowser({ width: 360, height: 780 });
  const providers = inject('textProviders');

  it('an Urdu customer turns stamps on for WhatsApp, staff stamp their code, and the Urdu template arrives', async () => {
    const { page, context, baseUrl } = session;
    const vendor = await openVendor(baseUrl);
    const number = freshMobile('0300');
    // The customer signed in with their number in Urdu (the sign-in screens have their own journey).
    await context.request.post('/api/accounts/phone/code', { data: { phoneNumber: number.typed } });
    const code = await waitForPhoneCode(providers, number.e164, { channel: 'whatsapp' });
    const signedIn = await context.request.post('/api/accounts/phone/sign-in', {
      data: { phoneNumber: number.typed, code, language: 'ur' },
    });
    expect(signedIn.status()).toBe(200);

    await page.goto('/email-preferences?lang=ur');
    await page.getByText(emailPreferencesUr['phone.title']).waitFor();
    const toggle = page.getByRole('switch', { name: stampsByWhatsApp });
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    await toggle.click();
    await page.getByRole('button', { name: emailPreferencesUr.save }).click();
    await page.getByText(emailPreferencesUr['notice.saved']).waitFor();
    await saveScreenshots(page, 'preferences-whatsapp-ur');

    // Staff scan the customer's My QR: the stamp's notice goes by WhatsApp's template, in Urdu.
    const myCode = (await (await context.request.post('/api/stamps/my-code')).json()) as { qrPayload: string };
    await postJson(baseUrl, '/api/vendor/stamps', vendor.owner.cookie, {
      customerCode: myCode.qrPayload,
      cardId: vendor.cardId,
    });
    const notice = await waitForMessage(
      providers,
      number.e164,
      (message) => message.template?.name === 'chaska_stamp_notice',
      'stamp notice',
    );
    expect(notice.template).toEqual({
      name: 'chaska_stamp_notice',
      language: 'ur',
      parameters: [vendor.businessName, 'Doodh Patti Club', '1', '3', 'Free Karak Chai'],
    });
    expect(session.problems).toEqual([]);
  });

  it('an English reader chooses Roman Urdu for WhatsApp, and the Roman Urdu template arrives', async () => {
    const { page, context, baseUrl } = session;
    const vendor = await openVendor(baseUrl);
    const number = freshMobile('0300');
    await context.request.post('/api/accounts/phone/code', { data: { phoneNumber: number.typed } });
    const code = await waitForPhoneCode(providers, number.e164, { channel: 'whatsapp' });
    const signedIn = await context.request.post('/api/accounts/phone/sign-in', {
      data: { phoneNumber: number.typed, code, language: 'en' },
    });
    expect(signedIn.status()).toBe(200);

    await page.goto('/email-preferences?lang=en');
    await page.getByText(emailPreferencesEn['phone.title']).waitFor();
    const english = page.getByRole('radio', { name: 'English' });
    expect(await english.getAttribute('aria-checked')).toBe('true');
    await page.getByRole('switch', { name: 'Stamp notifications by WhatsApp' }).click();
    await page.getByRole('radio', { name: 'Roman Urdu' }).click();
    await page.getByRole('button', { name: emailPreferencesEn.save }).click();
    await page.getByText(emailPreferencesEn['notice.saved']).waitFor();
    await saveScreenshots(page, 'preferences-roman-urdu');

    const myCode = (await (await context.request.post('/api/stamps/my-code')).json()) as { qrPayload: string };
    await postJson(baseUrl, '/api/vendor/stamps', vendor.owner.cookie, {
      customerCode: myCode.qrPayload,
      cardId: vendor.cardId,
    });
    const notice = await waitForMessage(
      providers,
      number.e164,
      (message) => message.template?.name.startsWith('chaska_stamp_notice') ?? false,
      'stamp notice',
    );
    // Meta has no Roman Urdu code: its own template, approved under en.
    expect(notice.template).toMatchObject({ name: 'chaska_stamp_notice_roman_urdu', language: 'en' });
    expect(session.problems).toEqual([]);
  });
});
