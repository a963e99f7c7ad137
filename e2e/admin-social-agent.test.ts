import { afterAll, describe, expect, inject, it } from 'vitest';
import { startOfPakistanDay } from '../src/shared/pakistan-time';
import { publishedOn } from '../src/server/test/fake-social-graph';
import { adminCookie } from './support/api';
import { chromiumAvailable, useBrowser } from './support/browser';
import { saveScreenshots } from './support/screenshots';
import { signInBrowserAsAdmin } from './support/vendor-applicants';

const DAY_MS = 24 * 60 * 60 * 1000;
const DEAL_NAME = 'Social biryani for two';
const OFF = { enabled: false, facebook: true, instagram: true, dailyPostTime: '10:00', postHourlyDeals: true };

async function adminCall(baseUrl: string, method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown) {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { cookie: await adminCookie(baseUrl), ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response.json() as Promise<unknown>;
}

/** A Daily Chaska deal of an approved demo vendor, made by the admin as on the dashboard. */
async function createDailyChaska(baseUrl: string): Promise<void> {
  const { vendors } = (await adminCall(baseUrl, 'GET', '/api/admin/vendor-options')) as { vendors: { id: string }[] };
  await adminCall(baseUrl, 'POST', '/api/admin/daily-chaska', {
    vendorId: vendors[0]!.id,
    name: DEAL_NAME,
    rewardTitle: 'Chicken biryani for two',
    dealPrice: 599,
    originalPrice: 999,
    stock: 20,
    endsAt: new Date(Date.now() + 6 * 60 * 60 * 1000).toISOString(),
  });
}

describe.skipIf(!chromiumAvailable)(
  "Social Media Agent: the platform's deals on its Facebook Page and Instagram",
  () => {
    const session = useBrowser();

    afterAll(async () => {
      // The other journeys on this server meet the agent as it starts: off.
      await adminCall(session.baseUrl, 'PUT', '/api/admin/social/schedule', OFF).catch(() => undefined);
    });

    it("shows the accounts, saves a schedule, posts today's deals now, once, and shows them posted", async () => {
      const { page, baseUrl } = session;
      // 23:59 is the schedule's own time of the day's posts: the journey keeps clear of it.
      const untilMidnight = startOfPakistanDay(new Date()).getTime() + DAY_MS - Date.now();
      if (untilMidnight < 3 * 60_000) await new Promise((resolve) => setTimeout(resolve, untilMidnight + 1_000));
      await createDailyChaska(baseUrl);
      await signInBrowserAsAdmin(session.context);

      await page.goto('/admin/social');
      await page.getByRole('heading', { name: 'Social Media Agent', level: 1 }).waitFor();
      await page.getByRole('heading', { name: 'Accounts' }).waitFor();
      for (const network of ['Facebook Page', 'Instagram']) {
        const item = page.getByRole('listitem').filter({ hasText: network });
        await expect.poll(() => item.first().textContent()).toContain('Configured');
      }

      // A time that is not one is refused beside its field, and nothing is saved.
      const time = page.getByLabel('Daily Chaska post time');
      await time.fill('25:00');
      await page.getByRole('button', { name: 'Save schedule' }).click();
      await page.getByText('Enter a time from 00:00 to 23:59, such as 09:30.').waitFor();

      await page.getByRole('switch', { name: 'Post automatically' }).click();
      await page.getByRole('switch', { name: 'Post hourly deals when they start' }).click();
      await time.fill('23:59');
      await page.getByRole('button', { name: 'Save schedule' }).click();
      await page
        .getByText(
          'Schedule saved: automatic posting is on, and the Daily Chaska goes out every day at 11:59 pm Pakistan time.',
        )
        .waitFor();
      const saved = (await adminCall(baseUrl, 'GET', '/api/admin/social')) as { schedule: typeof OFF };
      expect(saved.schedule).toMatchObject({ enabled: true, dailyPostTime: '23:59', postHourlyDeals: false });

      await page.getByRole('button', { name: "Post today's deals now" }).click();
      await page.getByText(/posts? (is|are) on (its|their) way/).waitFor();

      // The history follows the posts until they are published.
      const history = page.getByRole('region', { name: 'Social media posts' });
      for (const network of ['Facebook Page', 'Instagram']) {
        const row = history.getByRole('row').filter({ hasText: DEAL_NAME }).filter({ hasText: network });
        await row.getByText('Posted').waitFor({ timeout: 20_000 });
        await row.getByRole('link', { name: `View post: ${network}, ${DEAL_NAME}` }).waitFor();
      }
      const published = (await publishedOn(inject('socialGraph'))).filter((post) => post.caption.includes(DEAL_NAME));
      expect(published.map((post) => [post.network, post.imageType]).sort()).toEqual([
        ['facebook', 'image/png'],
        ['instagram', 'image/jpeg'],
      ]);
      expect(published[0]!.caption).toContain(`${DEAL_NAME} for Rs\u00a0599 instead of Rs\u00a0999`);

      // A second press posts nothing twice.
      await page.getByRole('button', { name: "Post today's deals now" }).click();
      await page.getByText("Today's deals are already posted or on their way: nothing is posted twice.").waitFor();
      expect(
        (await publishedOn(inject('socialGraph'))).filter((post) => post.caption.includes(DEAL_NAME)),
      ).toHaveLength(2);

      await page.getByLabel('Status').selectOption('posted');
      await history.getByRole('row').filter({ hasText: DEAL_NAME }).first().waitFor();
      await saveScreenshots(page, 'admin-social-agent');
      expect(session.problems).toEqual([]);
    });
  },
);
