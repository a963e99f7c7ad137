import { describe, expect, it } from 'vitest';
import { startOfPakistanDay } from '../src/shared/pakistan-time';
import { signInBrowser, signUpViaApi } from './support/api';
import { chromiumAvailable, useBrowser } from './support/browser';
import { payForPlan } from './support/plan-vendor';
import { saveScreenshots } from './support/screenshots';
import { openVendor } from './support/stamp-vendor';

const DAY_MS = 24 * 60 * 60 * 1000;
const WINDOW_NEEDED_MS = 5 * 60 * 1000;

describe.skipIf(!chromiumAvailable)('Hourly Chaska: a flash deal by the hour', () => {
  const session = useBrowser({ width: 360, height: 800 });

  /** What a datetime-local input shows for an instant, in the browser's own zone. */
  const localInput = (instant: Date) =>
    session.page.evaluate((iso) => {
      const date = new Date(iso);
      return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
    }, instant.toISOString());

  it(
    'a Premium vendor runs one; a customer sees it with its badge and countdown on /daily-chaska and claims it',
    async () => {
      const { page, baseUrl } = session;
      const vendor = await openVendor(baseUrl);
      await payForPlan(baseUrl, vendor.owner.cookie, 'premium');
      await signInBrowser(session.context, vendor.owner.email);

      // A deal lives within one Pakistan day: in the last minutes before midnight the window would
      // be too short for the journey, so it waits for the new day (at most five minutes).
      const untilMidnight = startOfPakistanDay(new Date()).getTime() + DAY_MS - Date.now();
      if (untilMidnight < WINDOW_NEEDED_MS) await new Promise((resolve) => setTimeout(resolve, untilMidnight + 1_000));

      // From now for an hour, or until midnight in Pakistan when that comes first.
      const start = new Date(Math.floor(Date.now() / 60_000) * 60_000);
      const end = new Date(Math.min(start.getTime() + 60 * 60_000, startOfPakistanDay(start).getTime() + DAY_MS));
      await page.goto('/vendor/cards');
      await page.getByRole('button', { name: 'Create New Card' }).first().click();
      const form = page.getByRole('dialog', { name: 'Create New Card' });
      await form.getByLabel('Card name').fill('Chai happy hour');
      await form.getByLabel('Card type').selectOption('daily_chaska');
      await form.getByLabel('Stamps required').fill('1');
      await form.getByLabel('Minimum minutes between stamps').fill('0');
      await form.getByLabel('Reward title').fill('Karak chai for PKR 100');
      await form.getByLabel('Reward value (PKR)').fill('100');
      await form.getByRole('radio', { name: 'Hourly Chaska' }).click();
      await form.getByLabel('Deal price (PKR)').fill('100');
      await form.getByLabel('Original price (PKR)').fill('200');
      await form.getByLabel('Stock left').fill('2');
      // The end first before the start: the form names a field that is wrong.
      await form.getByLabel('Deal starts').fill(await localInput(start));
      await form.getByLabel('Deal ends').fill(await localInput(new Date(start.getTime() - 60_000)));
      await form.getByRole('button', { name: 'Save as Active' }).click();
      await form.getByText('The deal must end after it starts.').waitFor();
      await form.getByLabel('Deal ends').fill(await localInput(end));
      await saveScreenshots(page, 'hourly-deal-form', { fullPage: false });
      await form.getByRole('button', { name: 'Save as Active' }).click();
      await page.getByText('“Chai happy hour” is active.').waitFor();
      const vendorCard = page.getByRole('article').filter({ hasText: 'Chai happy hour' });
      await vendorCard.getByText('Hourly Chaska').waitFor();

      const customer = await signUpViaApi(baseUrl, { name: 'Mehwish' });
      await session.context.clearCookies();
      await signInBrowser(session.context, customer.email);
      await page.goto('/daily-chaska');
      const deal = page.getByRole('article').filter({ has: page.getByRole('heading', { name: 'Chai happy hour' }) });
      await deal.getByText('Hourly Chaska', { exact: true }).waitFor();
      await deal.getByText('2 left').waitFor();
      // The countdown runs: it reads hh:mm:ss and changes within two seconds.
      const countdown = deal.getByText(/^\d{2}:\d{2}:\d{2}$/);
      const first = await countdown.textContent();
      await expect.poll(() => countdown.textContent(), { timeout: 5_000 }).not.toBe(first);
      await saveScreenshots(page, 'hourly-deal-daily-chaska');
      await deal.getByRole('button', { name: 'Claim Now' }).click();
      await deal.getByText('Added to your cards.').waitFor();
      await deal.getByText('1 left').waitFor();
      expect(session.problems).toEqual([]);
    },
    WINDOW_NEEDED_MS + 120_000,
  );

  it('a Standard vendor sees hourly deals locked, with the plan they need and a link to Billing', async () => {
    const { page, baseUrl } = session;
    const vendor = await openVendor(baseUrl);
    await payForPlan(baseUrl, vendor.owner.cookie, 'standard');
    await signInBrowser(session.context, vendor.owner.email);
    await page.goto('/vendor/cards');
    await page.getByRole('button', { name: 'Create New Card' }).first().click();
    const form = page.getByRole('dialog', { name: 'Create New Card' });
    await form.getByLabel('Card type').selectOption('daily_chaska');
    const hourly = form.getByRole('radio', { name: 'Hourly Chaska' });
    await hourly.waitFor();
    expect(await hourly.isDisabled()).toBe(true);
    await form.getByText('This feature needs the Premium plan.').waitFor();
    expect(await form.getByRole('link', { name: 'See plans' }).last().getAttribute('href')).toBe('/vendor/billing');
    await saveScreenshots(page, 'hourly-deal-locked', { fullPage: false });
    expect(session.problems).toEqual([]);
  });
});
