import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { linkFrom, readOutbox, signInBrowser, signUpViaApi } from './support/api';
import { chromiumAvailable, useBrowser } from './support/browser';
import { saveScreenshots } from './support/screenshots';
import { signInBrowserAsAdmin } from './support/vendor-applicants';

/** The seeded saved reply the admin answers with, as the demo data writes it in English. */
const SAVED_REPLY = 'How to redeem a reward';
const SAVED_REPLY_START = 'When your card is full, open it on your dashboard and press Redeem Reward.';

describe.skipIf(!chromiumAvailable)('the support inbox', () => {
  const session = useBrowser({ width: 360, height: 800 });

  it('a visitor is asked to sign in to write, and comes back to /support', async () => {
    const { page } = session;
    await page.goto('/support');
    await page.getByRole('heading', { name: 'Write to us', level: 2 }).waitFor();
    await page.getByRole('link', { name: 'Sign in to write to us' }).click();
    await page.waitForURL((url) => url.pathname === '/auth' && url.searchParams.get('next') === '/support');
    expect(session.problems).toEqual([]);
  });

  it('a customer writes from /support on a phone, the admin answers with a saved reply, the customer reads "Answered" and the answer', async () => {
    const { page, baseUrl } = session;
    const customer = await signUpViaApi(baseUrl, { name: 'Sana', surname: 'Malik' });
    const subject = `Reward not showing ${randomBytes(2).toString('hex')}`;
    await signInBrowser(session.context, customer.email);

    // The customer, at 360 px: the contact cards and questions are there, and the form.
    await page.goto('/support');
    await page.getByRole('heading', { name: 'E-mail us' }).waitFor();
    await page.getByRole('heading', { name: 'Write to us', level: 2 }).waitFor();
    // Sending nothing says what is missing.
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.getByText('Please write a subject.').waitFor();
    await page.getByText('Please write your message.').waitFor();
    await page.getByLabel('Subject').fill(subject);
    await page.getByLabel('Message').fill('My card at Lahori Chai Dhaba is full but I cannot find the reward.');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.getByText('Thank you! Your message is with us.', { exact: false }).waitFor();
    const mine = page.getByRole('link', { name: new RegExp(subject) });
    await mine.waitFor();
    await expect.poll(() => mine.innerText()).toContain('Open');
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await saveScreenshots(page, 'support-inbox-customer');

    // The admin, on a laptop: the inbox shows it open; a saved reply fills the answer in English.
    const adminSide = await session.newContext({ width: 1280, height: 900 });
    await signInBrowserAsAdmin(adminSide.context);
    const admin = adminSide.page;
    await admin.goto('/admin/chat');
    await admin.getByRole('heading', { name: 'Chat Assistant', level: 1 }).waitFor();
    const row = admin.getByRole('row', { name: new RegExp(subject) });
    await row.getByText('Open', { exact: true }).waitFor();
    await row.getByText('Sana Malik').waitFor();
    await row.getByText('Customer', { exact: true }).waitFor();
    await saveScreenshots(admin, 'support-inbox-admin');
    await row.getByRole('button', { name: `Read and answer "${subject}" from Sana Malik` }).click();
    const dialog = admin.getByRole('dialog', { name: subject });
    await dialog.getByText('My card at Lahori Chai Dhaba is full but I cannot find the reward.').waitFor();
    await dialog.getByLabel('Saved replies').selectOption({ label: SAVED_REPLY });
    const answer = dialog.getByRole('textbox', { name: 'Answer', exact: true });
    await expect.poll(() => answer.inputValue()).toContain(SAVED_REPLY_START);
    await answer.fill(`${await answer.inputValue()}\n\nSana, the reward is under Lahori Chai Dhaba.`);
    await saveScreenshots(admin, 'support-inbox-admin-answer', { fullPage: false });
    await dialog.getByRole('button', { name: 'Send answer' }).click();
    await dialog.getByText('Answer sent.', { exact: false }).waitFor();
    await dialog.getByText('Answered', { exact: true }).waitFor();
    await dialog.getByText('Sana, the reward is under Lahori Chai Dhaba.', { exact: false }).waitFor();
    await admin.keyboard.press('Escape');
    await row.getByText('Answered', { exact: true }).waitFor();

    // The e-mail names the conversation.
    await expect.poll(async () => (await readOutbox(baseUrl, customer.email, 'support_reply')).length).toBe(1);
    const [mail] = await readOutbox(baseUrl, customer.email, 'support_reply');
    expect(mail!.subject).toBe(`Re: ${subject}`);
    const link = linkFrom(mail!, '/support/');

    // The customer, back on the page: the list says Answered; the conversation shows the answer.
    await page.reload();
    await expect.poll(() => mine.innerText()).toContain('Answered');
    await mine.click();
    await page.waitForURL(new URL(link).pathname);
    await page.getByRole('heading', { name: subject, level: 1 }).waitFor();
    await page.getByText('Answered', { exact: true }).waitFor();
    const thread = page.getByRole('list', { name: 'Messages' });
    await thread.getByText('Chaska Support').waitFor();
    await thread.getByText(SAVED_REPLY_START, { exact: false }).waitFor();
    await thread.getByText('Sana, the reward is under Lahori Chai Dhaba.', { exact: false }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await saveScreenshots(page, 'support-inbox-customer-answer');

    // Writing again reopens it; closing it is the customer's to do as well.
    await page.getByRole('textbox', { name: 'Message' }).fill('Found it, thank you!');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.getByText('Your message is with us.').waitFor();
    await page.getByText('Open', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Close conversation' }).click();
    await page
      .getByRole('dialog', { name: 'Close this conversation?' })
      .getByRole('button', { name: 'Close conversation' })
      .click();
    await page.getByText('This conversation is closed.').waitFor();
    await page.getByText('Closed', { exact: true }).waitFor();

    await adminSide.context.close();
    expect(session.problems).toEqual([]);
  });
});
