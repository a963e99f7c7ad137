import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { formatRewardLastDay, rewardExpiresAt } from '../src/shared/rewards/reward-expiry';
import { signInBrowser, signUpViaApi } from './support/api';
import { chromiumAvailable, useBrowser } from './support/browser';
import { saveScreenshots } from './support/screenshots';
import { collectAtCounter, openVendor } from './support/stamp-vendor';
import { e2eServer } from './support/server';

const EXPIRY_DAYS = 7;

/**
 * Moves a reward's expiry (and its expiry job) to a moment ago, as if its days had passed: the
 * built server runs on the real clock, so only the database can age a reward. Needs the e2e
 * server's PostgreSQL database (the CI pass); on embedded PGlite the database lives inside the
 * server process and this part is skipped.
 */
async function ageReward(databaseUrl: string, rewardId: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`update rewards set expires_at = now() - interval '1 second' where id = $1`, [rewardId]);
    await client.query(`update jobs set run_at = now() where unique_key = $1 and status = 'pending'`, [
      `reward-expire:${rewardId}`,
    ]);
  } finally {
    await client.end();
  }
}

describe.skipIf(!chromiumAvailable)('rewards that expire', () => {
  const session = useBrowser();

  it('the vendor sets an expiry, the customer sees the last day, and an expired reward can no longer be redeemed', async () => {
    const { page, baseUrl } = session;
    const vendor = await openVendor(baseUrl);

    // 1. The vendor says the card's rewards last a week.
    await signInBrowser(session.context, vendor.owner.email);
    await page.goto('/vendor/cards');
    await page
      .getByRole('article')
      .filter({ hasText: 'Doodh Patti Club' })
      .getByRole('button', { name: 'Edit Card' })
      .click();
    const form = page.getByRole('dialog', { name: 'Edit Card' });
    await form.getByLabel('Rewards expire after (days)').fill(String(EXPIRY_DAYS));
    await form.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('“Doodh Patti Club” saved.').waitFor();

    // 2. A customer completes the card at the counter.
    const customer = await signUpViaApi(baseUrl, { name: 'Hina' });
    const earnedFrom = new Date();
    const { rewardId } = await collectAtCounter(baseUrl, vendor, customer.cookie, 3);
    if (!rewardId) throw new Error('The third stamp earned no reward');
    // The last day is a week after the day it was earned, Pakistan time (either side of midnight).
    const lastDays = [earnedFrom, new Date()].map((at) => formatRewardLastDay(rewardExpiresAt(at, EXPIRY_DAYS)));

    await session.context.clearCookies();
    await signInBrowser(session.context, customer.email);
    await page.goto('/user');
    const tile = page.getByRole('article').filter({ hasText: 'Doodh Patti Club' });
    const expiresOn = tile.getByText(/^Expires at the end of /);
    await expiresOn.waitFor();
    expect(lastDays.map((day) => `Expires at the end of ${day}`)).toContain(await expiresOn.textContent());
    await saveScreenshots(page, 'reward-expiry-dashboard');

    await tile.getByRole('link', { name: 'Redeem Reward' }).click();
    await page.getByRole('heading', { name: 'Redeem Reward' }).waitFor();
    await page.getByText(/^Expires at the end of /).waitFor();
    await page.getByText(/^[0-9A-Z]{4}-[0-9A-Z]{4}$/).waitFor();
    await saveScreenshots(page, 'reward-expiry-reward');

    // 3. Its week passes unredeemed: the page says so, the code is gone, and the counter is refused.
    const databaseUrl = e2eServer().databaseUrl;
    if (!databaseUrl) return;
    const typedCode = (await page.getByText(/^[0-9A-Z]{4}-[0-9A-Z]{4}$/).textContent())!;
    await ageReward(databaseUrl, rewardId);
    await page.reload();
    await page.getByText('This reward has expired').waitFor();
    await page.getByText(/^Expired at the end of /).waitFor();
    expect(await page.getByText(/^[0-9A-Z]{4}-[0-9A-Z]{4}$/).count()).toBe(0);
    await saveScreenshots(page, 'reward-expiry-expired');

    const refused = await fetch(`${baseUrl}/api/vendor/rewards/redeem`, {
      method: 'POST',
      headers: { cookie: vendor.owner.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ code: typedCode }),
    });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(
      /^This reward expired at the end of .+ and can no longer be redeemed\.$/,
    );

    // The expiry job starts the card over, and the dashboard follows live.
    await page.getByRole('link', { name: 'Back to my cards' }).click();
    await tile.getByText('0 / 3 stamps').waitFor();
    expect(await tile.getByText(/^Expires at the end of /).count()).toBe(0);
  });
});
