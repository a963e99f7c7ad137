import pg from 'pg';
import { stampCodeKey } from '../../src/server/modules/stamps/stamp-codes';
import type { BenchData, BenchVendor } from '../runner/bench-data';
import { runLoad, type LoadResult } from '../runner/load-test';
import type { RunningApp } from '../runner/start-app';
import { signIn } from '../runner/sign-in';
import { stampScenario } from './stamps';

/**
 * A campaign to the customers of one large vendor (decision 045), through the running app: the
 * owner posts it, the app's own job runner chooses the recipients and hands their e-mails to the
 * outbox in keyed batches, and the outbox's jobs deliver them with the app's transport (no SMTP:
 * each e-mail is recorded in the outbox and nothing leaves the machine). Meanwhile staff of another
 * vendor issue stamps, measured against a run of the same load just before.
 */

export interface CampaignBench {
  vendor: string;
  /** Customers asked for (--campaign-customers) and the recipients the segment had at the send time. */
  recipientsWanted: number;
  recipients: number;
  /** Holders added to reach the number asked for (the scale data's largest vendors have fewer). */
  holdersAdded: number;
  /** From the owner's POST to every recipient's e-mail stored in the outbox (the campaign "sent"). */
  enqueueSeconds: number | null;
  /** From the POST to every one of those e-mails delivered by the outbox's jobs (but those waiting for a digest). */
  sendSeconds: number | null;
  delivered: number;
  waitingForDigest: number;
  emailsPerSecond: number | null;
  /** Issue stamps before the campaign, and while it runs (same connections and duration). */
  stampsBefore: LoadResult;
  stampsDuring: LoadResult;
  /** Stamps per second while the campaign runs ÷ before it. */
  stampRatio: number;
  /** Seconds of the stamp run that overlapped the campaign's sending (it may finish first on small data). */
  overlapSeconds: number;
  finished: boolean;
}

const log = (line: string) => console.log(line);

async function withClient<T>(databaseUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The holders of the vendor's cards who accept vendor updates: the "all" segment, as the app counts it. */
const AUDIENCE_SQL = `
  select count(distinct uc.user_id)::int as n
  from user_cards uc join loyalty_cards lc on lc.id = uc.card_id
  join email_preferences ep on ep.user_id = uc.user_id
  where lc.vendor_id = $1 and not ep.unsubscribed and ep.frequency <> 'never' and ep.vendor_updates`;

/**
 * Makes the vendor hold `wanted` reachable customers: customers of the scale data who accept vendor
 * updates join its most held card (as joining would write them: no stamp yet). Earlier bench
 * campaigns of the vendor are removed, so a second run the same day is not skipped by the
 * one-campaign-a-day rule.
 */
async function prepareAudience(client: pg.Client, vendor: BenchVendor, wanted: number): Promise<number> {
  await client.query('delete from campaigns where vendor_id = $1', [vendor.id]);
  const have = (await client.query<{ n: number }>(AUDIENCE_SQL, [vendor.id])).rows[0]!.n;
  if (have >= wanted) return 0;
  const added = await client.query(
    `insert into user_cards (user_id, card_id, stamps_collected, status, started_at, created_at)
     select u.id, $2, 0, 'active', now() - interval '30 days', now() - interval '30 days'
     from users u join email_preferences ep on ep.user_id = u.id
     where not ep.unsubscribed and ep.frequency <> 'never' and ep.vendor_updates
       and not exists (select 1 from vendor_members vm where vm.user_id = u.id)
       and not exists (select 1 from user_cards uc join loyalty_cards lc on lc.id = uc.card_id
                       where uc.user_id = u.id and lc.vendor_id = $1)
     order by u.id
     limit $3
     on conflict do nothing`,
    [vendor.id, vendor.card.id, wanted - have],
  );
  return added.rowCount ?? 0;
}

interface Progress {
  status: string;
  recipients: number;
  pending: number;
  queued: number;
  delivered: number;
  /** E-mails of customers who chose a daily or weekly digest: delivered at their digest hour, not now. */
  waitingForDigest: number;
}

async function progressOf(client: pg.Client, campaignId: string): Promise<Progress> {
  const { rows } = await client.query<Progress>(
    `select c.status,
            count(r.id)::int as recipients,
            (count(r.id) filter (where r.status = 'pending'))::int as pending,
            (count(r.id) filter (where r.status = 'sent'))::int as queued,
            (count(m.id) filter (where m.status in ('sent', 'digested')))::int as delivered,
            (count(m.id) filter (where m.status = 'queued' and m.digest is not null))::int as "waitingForDigest"
     from campaigns c
     left join campaign_recipients r on r.campaign_id = c.id
     left join email_messages m on m.id = r.email_message_id
     where c.id = $1
     group by c.status`,
    [campaignId],
  );
  return rows[0] ?? { status: 'missing', recipients: 0, pending: 0, queued: 0, delivered: 0, waitingForDigest: 0 };
}

export async function benchCampaign(options: {
  app: RunningApp;
  databaseUrl: string;
  data: BenchData;
  /** The vendor whose customers get the campaign, and the one whose staff stamp meanwhile. */
  campaignVendor: BenchVendor;
  stampingVendor: BenchVendor;
  customers: number;
  connections: number;
  duration: number;
  warmup: number;
  /** Seconds to wait for the last e-mail before giving up on the send time. */
  timeout: number;
}): Promise<CampaignBench> {
  const { app, data, campaignVendor, stampingVendor } = options;
  const holdersAdded = await withClient(options.databaseUrl, (client) =>
    prepareAudience(client, campaignVendor, options.customers),
  );
  if (holdersAdded > 0)
    log(`    ${holdersAdded.toLocaleString('en-US')} customers joined ${campaignVendor.name} to reach the audience`);
  const staffCookie = await signIn(app.baseUrl, stampingVendor.owner.email);
  const ownerCookie = await signIn(app.baseUrl, campaignVendor.owner.email);
  const load = async (customers: readonly string[]) =>
    runLoad({
      baseUrl: app.baseUrl,
      requests: stampScenario({
        vendor: stampingVendor,
        staffCookie,
        customers,
        codeKey: stampCodeKey(app.sessionSecret),
        connections: options.connections,
      }).requests,
      connections: options.connections,
      duration: options.duration,
      warmup: options.warmup,
    });

  log(`→ Issue stamps before the campaign (${options.connections} connections, ${options.duration} s)`);
  const stampsBefore = await load(await data.eligibleCustomers(stampingVendor.card, 250_000));
  const customersDuring = await data.eligibleCustomers(stampingVendor.card, 250_000);

  log(`→ Campaign to the customers of ${campaignVendor.name}, stamps issued meanwhile`);
  const posted = Date.now();
  const response = await fetch(`${app.baseUrl}/api/vendor/campaigns`, {
    method: 'POST',
    headers: { cookie: ownerCookie, 'content-type': 'application/json', origin: app.baseUrl },
    body: JSON.stringify({ subject: 'Bench campaign', message: 'Double stamps all week.', segment: 'all' }),
  });
  if (response.status !== 201) throw new Error(`The campaign was refused: ${response.status} ${await response.text()}`);
  const campaignId = ((await response.json()) as { id: string }).id;

  let enqueuedAt: number | null = null;
  let deliveredAt: number | null = null;
  let last: Progress = { status: 'scheduled', recipients: 0, pending: 0, queued: 0, delivered: 0, waitingForDigest: 0 };
  const during = load(customersDuring).then((result) => ({ result, endedAt: Date.now() }));
  await withClient(options.databaseUrl, async (client) => {
    while (Date.now() - posted < options.timeout * 1000) {
      last = await progressOf(client, campaignId);
      if (enqueuedAt === null && last.status === 'sent') enqueuedAt = Date.now();
      if (enqueuedAt !== null && last.delivered + last.waitingForDigest >= last.queued) {
        deliveredAt = Date.now();
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  });
  const { result: stampsDuring, endedAt } = await during;
  const stampsPerSecond = (result: LoadResult) => (result.statusCodes['200'] ?? 0) / Math.max(result.seconds, 1e-9);
  const seconds = (at: number | null) => (at === null ? null : Math.round((at - posted) / 100) / 10);
  const sendSeconds = seconds(deliveredAt);
  const stampStart = endedAt - stampsDuring.seconds * 1000;
  const campaignEnd = deliveredAt ?? Date.now();
  const result: CampaignBench = {
    vendor: campaignVendor.name,
    recipientsWanted: options.customers,
    recipients: last.recipients,
    holdersAdded,
    enqueueSeconds: seconds(enqueuedAt),
    sendSeconds,
    delivered: last.delivered,
    waitingForDigest: last.waitingForDigest,
    emailsPerSecond: sendSeconds ? Math.round(last.delivered / sendSeconds) : null,
    stampsBefore,
    stampsDuring,
    stampRatio: Math.round((stampsPerSecond(stampsDuring) / Math.max(stampsPerSecond(stampsBefore), 1e-9)) * 100) / 100,
    overlapSeconds: Math.max(0, Math.round((Math.min(endedAt, campaignEnd) - Math.max(stampStart, posted)) / 100) / 10),
    finished: deliveredAt !== null,
  };
  log(
    `    ${result.recipients.toLocaleString('en-US')} recipients: in the outbox after ${result.enqueueSeconds ?? '—'} s, ` +
      `${result.delivered.toLocaleString('en-US')} delivered after ${result.sendSeconds ?? `more than ${options.timeout}`} s (${result.emailsPerSecond ?? '—'} e-mails/s), ` +
      `${result.waitingForDigest} waiting for their digest; ` +
      `stamps ${Math.round(stampsPerSecond(stampsBefore))}/s before, ${Math.round(stampsPerSecond(stampsDuring))}/s during ` +
      `(p99 ${stampsBefore.p99Ms} → ${stampsDuring.p99Ms} ms, ${result.overlapSeconds} s of overlap)`,
  );
  return result;
}
