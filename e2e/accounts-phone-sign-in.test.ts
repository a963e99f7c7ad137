import { describe, expect, inject, it } from 'vitest';
import authUr from '../src/shared/i18n/ur/auth';
import accountUr from '../src/shared/i18n/ur/account';
import { chromiumAvailable, useBrowser } from './support/browser';
import { signInBrowserAsAdmin } from './support/vendor-applicants';
import {
  freshMobile,
  messagesTo,
  waitForMessage,
  waitForPhoneCode,
  type ReceivedTextMessage,
} from '../src/server/test/fake-text-providers';

/** What the app answered to a message's signed delivery reports, once the provider sent them all. */
async function reportsTaken(providers: string, message: ReceivedTextMessage, count: number) {
  const taken = await waitForMessage(
    providers,
    message.to,
    (candidate) => candidate.id === message.id && candidate.reports.length >= count,
    `${count} delivery reports`,
  );
  return taken.reports;
}

describe.skipIf(!chromiumAvailable)('accounts: sign in with a mobile number and a code', () => {
  const session = useBrowser({ width: 360, height: 780 });
  const providers = inject('textProviders');

  it('a new number gets an account from the code sent by WhatsApp, and lands on /user', async () => {
    const { page } = session;
    const number = freshMobile('0345');
    await page.goto('/auth');
    await page.getByRole('heading', { name: 'Continue with your mobile number' }).waitFor();
    await page.getByRole('textbox', { name: 'Mobile number' }).fill(number.typed);
    await page.getByRole('button', { name: 'Send code' }).click();

    await page.getByText(`We sent a 6-digit code to ${number.typed} by WhatsApp.`).waitFor();
    expect(
      await page.getByText('Never share this code with anyone, not even shop staff.', { exact: false }).count(),
    ).toBe(1);
    const codeField = page.getByRole('textbox', { name: 'Code' });
    expect(await codeField.getAttribute('autocomplete')).toBe('one-time-code');
    expect(await codeField.getAttribute('inputmode')).toBe('numeric');

    // WhatsApp took the approved authentication template in English, the code in its copy button.
    const code = await waitForPhoneCode(providers, number.e164);
    const [message] = await messagesTo(providers, number.e164);
    expect(message).toMatchObject({ channel: 'whatsapp', template: { name: 'chaska_code', language: 'en' } });
    // Its signed reports reached the app: "sent" changes nothing, "delivered" once, its repeat nothing.
    expect(await reportsTaken(providers, message!, 3)).toEqual([
      { status: 'sent', httpStatus: 200, applied: 0 },
      { status: 'delivered', httpStatus: 200, applied: 1 },
      { status: 'delivered', httpStatus: 200, applied: 0 },
    ]);

    // A wrong code first (the sixth digit sends it): the field says so and nothing else changes.
    await codeField.fill(code === '000000' ? '111111' : '000000');
    await page.getByText('That code is not right. Please check the message and try again.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/auth');

    await codeField.fill(code);
    await page.waitForURL('**/user');
    await page.getByRole('heading', { name: 'Account' }).waitFor();
    expect(await page.getByText(number.typed).count()).toBeGreaterThan(0);
    expect(await page.getByText('phone.chaska.invalid').count()).toBe(0);
    const me = (await (await page.request.get('/api/me')).json()) as { user: { phoneNumber: string } };
    expect(me.user.phoneNumber).toBe(number.e164);
    // The wrong code's 400 is the one error the browser logged.
    expect(session.problems.filter((problem) => !problem.includes('status of 400'))).toEqual([]);
  });

  it('a customer whose WhatsApp code does not come asks for it by SMS after 30 s, and signs in with that', async () => {
    const { page } = session;
    const number = freshMobile('0345');
    await page.goto('/auth');
    await page.getByRole('textbox', { name: 'Mobile number' }).fill(number.typed);
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByText(`We sent a 6-digit code to ${number.typed} by WhatsApp.`).waitFor();
    const whatsAppCode = await waitForPhoneCode(providers, number.e164, { channel: 'whatsapp' });

    // The button counts down the number's 30 s between codes, then offers SMS.
    const bySms = page.getByRole('button', { name: 'Send by SMS instead' });
    await bySms.waitFor({ timeout: 40_000 });
    await bySms.click();
    await page.getByText(`We sent a 6-digit code to ${number.typed} by SMS.`).waitFor();
    const smsCode = await waitForPhoneCode(providers, number.e164, { channel: 'sms' });
    const sms = (await messagesTo(providers, number.e164)).at(-1)!;
    expect(sms).toMatchObject({ channel: 'sms', unicode: false });
    expect(sms.text).toBe(`${smsCode} is your Chaska code. Never share it with anyone, not even shop staff.`);
    // The SMS gateway's signed report reached the app.
    expect(await reportsTaken(providers, sms, 1)).toEqual([{ status: 'delivered', httpStatus: 200, applied: 1 }]);

    // The new code replaced the WhatsApp one.
    if (whatsAppCode !== smsCode) {
      await page.getByRole('textbox', { name: 'Code' }).fill(whatsAppCode);
      await page.getByText('That code is not right. Please check the message and try again.').waitFor();
    }
    await page.getByRole('textbox', { name: 'Code' }).fill(smsCode);
    await page.waitForURL('**/user');
    expect(session.problems.filter((problem) => !problem.includes('status of 400'))).toEqual([]);
  }, 90_000);

  it('in Urdu, a number without WhatsApp gets a fresh code by SMS in Urdu, and the admin sees why', async () => {
    const { page } = session;
    const number = freshMobile('0341');
    await page.goto('/auth?lang=ur');
    await page.getByRole('textbox', { name: authUr['phone.number'] }).fill(number.typed);
    await page.getByRole('button', { name: authUr['phone.send'] }).click();
    await page.getByRole('textbox', { name: authUr['phone.code'], exact: true }).waitFor();
    // The code screen says at once where the code comes when the number has no WhatsApp.
    await page.getByText(authUr['phone.smsIfNoWhatsApp']).waitFor();

    // WhatsApp took the Urdu template, then reported it undelivered: the app sent a new code by SMS.
    const [whatsApp] = await messagesTo(providers, number.e164);
    expect(whatsApp).toMatchObject({ channel: 'whatsapp', template: { name: 'chaska_code', language: 'ur' } });
    expect((await reportsTaken(providers, whatsApp!, 2)).map((report) => [report.status, report.applied])).toEqual([
      ['sent', 0],
      ['failed', 1],
    ]);
    const code = await waitForPhoneCode(providers, number.e164, { channel: 'sms' });
    const sms = (await messagesTo(providers, number.e164)).at(-1)!;
    expect(sms.unicode).toBe(true);
    expect(sms.text).toBe(accountUr['phoneCode.text'].replace('{{code}}', code));

    await page.getByRole('textbox', { name: authUr['phone.code'], exact: true }).fill(code);
    await page.waitForURL('**/user');

    // The admin's outbox: the WhatsApp message failed and went again by SMS, which was delivered.
    const adminProblems: string[] = [];
    const admin = await session.newContext({ width: 1280, height: 800, problems: adminProblems });
    try {
      await signInBrowserAsAdmin(admin.context);
      await admin.page.goto('/admin/emails');
      await admin.page.getByRole('tab', { name: 'WhatsApp and SMS' }).click();
      await admin.page.getByLabel('Mobile number').fill(number.typed);
      const rows = admin.page.getByRole('table').getByRole('row').filter({ hasText: number.typed });
      await expect.poll(() => rows.count()).toBe(2);
      const whatsAppRow = rows.filter({ hasText: 'WhatsApp' });
      await whatsAppRow.getByText('Failed').waitFor();
      await whatsAppRow.getByText('sent again by SMS').waitFor();
      await whatsAppRow.getByText('Message undeliverable').waitFor();
      await rows.filter({ hasText: 'SMS' }).filter({ hasNotText: 'WhatsApp' }).getByText('Delivered').waitFor();
      // A real phone's code is never shown there.
      expect(await rows.getByText(code).count()).toBe(0);
      expect(adminProblems).toEqual([]);
    } finally {
      await admin.context.close();
    }
  });

  it('a number that is not a Pakistani mobile is named under its field, and no code is sent', async () => {
    const { page } = session;
    await page.goto('/auth');
    await page.getByRole('textbox', { name: 'Mobile number' }).fill('042 35761234');
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByText('Please enter a Pakistani mobile number, for example 0300 1234567.').waitFor();
    expect(await page.getByRole('textbox', { name: 'Code' }).count()).toBe(0);
  });
});
