import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { signInBrowser } from './support/api';
import { chromiumAvailable, useBrowser } from './support/browser';
import { payForPlan } from './support/plan-vendor';
import { saveScreenshots } from './support/screenshots';
import { e2eServer } from './support/server';
import { openVendor } from './support/stamp-vendor';

const CUSTOMERS = 300;

/** The database of the e2e server: the built server runs on the real clock, so only the database can age a campaign. */
async function withDatabase<T>(databaseUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Customers holding the card since 40 days ago, as sign-up writes them: plain inserts, as 300 sign-ups would take minutes. */
async function seedCustomers(client: pg.Client, cardId: string, prefix: string) {
  await client.query(
    `with people as (select $1 || '-' || g as id from generate_series(1, $2::int) g),
      accounts as (
        insert into auth_user (id, name, email, email_verified) select id, 'Guest', id || '@example.com', true from people returning id
      ),
      profiles as (
        insert into users (id, email, name, verified) select id, id || '@example.com', 'Guest', true from accounts returning id
      ),
      preferences as (insert into email_preferences (user_id) select id from profiles returning user_id)
    insert into user_cards (user_id, card_id, created_at, started_at)
    select user_id, $3, now() - interval '40 days', now() - interval '40 days' from preferences`,
    [prefix, CUSTOMERS, cardId],
  );
}

/**
 * Moves the campaign's sending 31 days back, as if a month had passed, and has customers of each
 * group come back within 14 days of it: half of those who got it, a fifth of those held back.
 */
async function monthAfter(client: pg.Client, campaignId: string) {
  await client.query(
    `update campaigns set started_at = started_at - interval '31 days', send_at = send_at - interval '31 days',
       finished_at = finished_at - interval '31 days' where id = $1`,
    [campaignId],
  );
  const groups = await client.query<{ status: string; n: number }>(
    `select status, count(*)::int as n from campaign_recipients where campaign_id = $1 group by status order by status`,
    [campaignId],
  );
  expect(groups.rows).toEqual([
    { status: 'held_out', n: 30 },
    { status: 'sent', n: 270 },
  ]);
  for (const [status, returning] of [
    ['sent', 135],
    ['held_out', 6],
  ] as const) {
    await client.query(
      `insert into stamps (user_card_id, vendor_id, card_id, user_id, qr_code, issued_at, created_at)
       select uc.id, cp.vendor_id, uc.card_id, uc.user_id, 'e2e-lift-' || uc.id, cp.started_at + interval '3 days', cp.started_at + interval '3 days'
       from campaign_recipients cr
       join campaigns cp on cp.id = cr.campaign_id
       join user_cards uc on uc.user_id = cr.user_id
       join loyalty_cards lc on lc.id = uc.card_id and lc.vendor_id = cp.vendor_id
       where cr.campaign_id = $1 and cr.status = $2
       order by cr.user_id limit $3`,
      [campaignId, status, returning],
    );
  }
}

/**
 * A vendor sends a campaign to 300 customers holding back the default 10%, and a month later sees
 * what it brought: the return of those who got it against those held back, the lift in points
 * with its 95% interval, the extra visits and, once the average spend is given, the rupees
 * (decision 083).
 */
describe.skipIf(!chromiumAvailable)('a vendor measures what a campaign brought', () => {
  const session = useBrowser({ width: 1280, height: 900 });

  it('sends with a 10% hold-out and, after the customers return, sees the lift', async () => {
    const { page, baseUrl } = session;
    // Aging a campaign needs the server's PostgreSQL database (the CI pass); on PGlite it lives in the server.
    const { databaseUrl } = e2eServer();
    if (!databaseUrl) return;
    const vendor = await openVendor(baseUrl);
    await payForPlan(baseUrl, vendor.owner.cookie, 'standard');
    await withDatabase(databaseUrl, (client) => seedCustomers(client, vendor.cardId, `lift-${Date.now()}`));

    await signInBrowser(session.context, vendor.owner.email);
    await page.goto('/vendor/campaigns');
    await page.getByLabel('Subject').fill('Double stamps this week');
    await page.getByLabel('Message').fill('Come by for double stamps on every chai until Sunday.');
    // The composer holds back 10% by default.
    expect(await page.getByLabel('Hold back, to measure what it brings').inputValue()).toBe('10');
    await page.getByTestId('campaign-recipients').getByText('270 customers will receive it').waitFor();
    await page.getByTestId('campaign-held-out').getByText('30 held back at random to measure it').waitFor();
    await page.getByText('No campaign with a hold-out yet.', { exact: false }).waitFor();
    await saveScreenshots(page, 'campaign-hold-out-composer');

    await page.getByRole('button', { name: 'Review and send' }).click();
    const confirm = page.getByRole('dialog', { name: 'Send this campaign?' });
    await confirm
      .getByText('“Double stamps this week” goes to 270 customers now; 30 held back to measure it.')
      .waitFor();
    await confirm.getByRole('button', { name: 'Send campaign' }).click();
    await page.getByText('Your campaign is on its way.').waitFor();

    // The job runner sends it within seconds.
    const campaignId = await withDatabase(databaseUrl, async (client) => {
      for (let attempt = 0; attempt < 60; attempt += 1) {
        const { rows } = await client.query<{ id: string; status: string }>(
          `select c.id, c.status from campaigns c join vendors v on v.id = c.vendor_id
           where v.business_name = $1`,
          [vendor.businessName],
        );
        if (rows[0]?.status === 'sent') return rows[0].id;
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      throw new Error('The campaign was not sent');
    });
    await page.reload();
    const lifts = page.getByRole('region', { name: 'What your campaigns brought' });
    const measured = lifts.getByRole('region', { name: 'Double stamps this week' });
    await measured.getByText('270 got it, 30 held back (10%)').waitFor();
    // Nobody has come back yet, and the windows are still open.
    await measured.getByText('Came back within 14 days (still counting)').waitFor();

    // A month on: 135 of the 270 came back within 14 days, 6 of the 30 held back.
    await withDatabase(databaseUrl, (client) => monthAfter(client, campaignId));
    await page.reload();
    await measured.getByText('Came back within 14 days', { exact: true }).waitFor();
    await measured.getByText('50% of those who got it, 20% of those held back').first().waitFor();
    await measured.getByText('Lift: +30 percentage points (95% sure it is between +11.7 and +42.1)').first().waitFor();
    // (135/270 − 6/30) × 270 = 81 visits more than the held-back group's rate predicts.
    await measured.getByText('81 extra visits in 30 days').waitFor();
    await measured.getByText('Enter your average spend per visit to see this in rupees.', { exact: false }).waitFor();

    // The owner gives the average spend: the rupees appear.
    await lifts.getByLabel('Average spend per visit (rupees)').fill('450');
    await lifts.getByRole('button', { name: 'Save' }).click();
    await lifts.getByText('Average spend saved.').waitFor();
    await measured.getByText(/About Rs.36,450 at Rs.450 a visit/).waitFor();
    await saveScreenshots(page, 'campaign-lift');
  });
});
