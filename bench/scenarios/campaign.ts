import pg from 'pg';
import { stampCodeKey } from '../../src/server/modules/stamps/stamp-codes';
import { dailyMessagesKeyPrefix } from '../../src/server/modules/customers/send-vendor-message';
import type { FakeProviderCounts } from '../../src/server/test/fake-text-providers';
import type { BenchData, BenchVendor } from '../runner/bench-data';
import { startCpuMeter } from '../runner/cpu-time';
import { runLoad, type LoadResult } from '../runner/load-test';
import type { AppStop, RunningApp } from '../runner/start-app';
import { signIn } from '../runner/sign-in';
import { stampScenario } from './stamps';

/**
 * A campaign to the customers of one large vendor (decision 045), through the running app: the
 * owner posts it, the app's own job runner chooses the recipients and hands their e-mails to the
 * outbox in keyed batches, and the outbox's jobs deliver them with the app's transport (no SMTP:
 * each e-mail is recorded in the outbox and nothing leaves the machine). Meanwhile staff of another
 * vendor issue stamps, measured against a run of the same load just before.
 *
 * Some recipients also asked for vendor updates by WhatsApp or SMS (decision 081): their messages
 * go to fake providers on loopback that keep to a rate of their own (429 beyond it) and count what
 * they take, and halfway through them the app is stopped with SIGTERM and started again, as a
 * deploy does. The run ends when every e-mail and every phone message has gone.
 */

/** Of the recipients by phone, those who asked by WhatsApp (the rest by SMS), in tenths. */
const WHATSAPP_TENTHS = 7;
/** The bench's numbers: +92 300 9 and six digits, which no seed or test gives out. */
const BENCH_NUMBER_PREFIX = '+923009';

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
  /** The messages by WhatsApp and SMS, and the restart halfway through them. */
  phone: PhoneRun | null;
  /** From the POST to the last e-mail and the last phone message. */
  totalSeconds: number | null;
  /** CPU of the app and of the database's backends over the campaign, per message (e-mails delivered and phone messages). */
  cpu: {
    appMs: number;
    postgresMs: number;
    messages: number;
    appMsPerMessage: number;
    postgresMsPerMessage: number;
  } | null;
  /** How far ahead of the real time the app's clock was set (to 10:00 in Pakistan when the real hour is outside 09:00–19:00). */
  appClockAheadMs: number;
}

type Channels<T> = Record<'whatsapp' | 'sms', T>;

export interface PhoneRun {
  /** Recipients with a verified number and the vendor-updates toggle of one channel on. */
  recipients: Channels<number>;
  /** The providers' rates: the app's settings and what the fakes enforce. */
  ratesPerSecond: Channels<number>;
  /** Messages the providers took, and how many a second from each one's first to its last. */
  taken: Channels<number>;
  perSecond: Channels<number | null>;
  /** From the POST to the last phone message taken. */
  seconds: number | null;
  /** Answered 429 by the providers (over their rate). */
  tooMany: Channels<number>;
  /** Messages beyond the first to one number (must be 0), recipients by phone who got none (must be 0). */
  duplicates: number;
  lost: number;
  /** Rows of text_messages: sent, failed; jobs that gave up. */
  rowsSent: number;
  rowsFailed: number;
  jobsFailed: number;
  /** Delivery reports the app did not take while it restarted (the fakes do not send them again). */
  reportsUnanswered: number;
  restart: {
    /** Phone messages taken when the stop was asked, and seconds after the POST. */
    afterMessages: number;
    atSeconds: number;
    /** From SIGTERM to the process's exit, and to the new process answering. */
    stopSeconds: number;
    downSeconds: number;
    exitCode: number | null;
    poolEndedErrors: number;
  } | null;
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
 * campaigns of the vendor are removed, and its counts of the day's messages to each customer, so a
 * second run the same day is not skipped by the one-campaign-a-day rule or the daily cap.
 */
async function prepareAudience(client: pg.Client, vendor: BenchVendor, wanted: number): Promise<number> {
  await client.query('delete from campaigns where vendor_id = $1', [vendor.id]);
  await client.query(`delete from rate_limits where starts_with(key, $1)`, [dailyMessagesKeyPrefix(vendor.id)]);
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

/**
 * Gives the first `count` recipients of the campaign (it sends in the order of user ids) a verified
 * number and the vendor-updates toggle of WhatsApp (7 in 10) or SMS (the rest), so that their
 * messages come due together at the start, faster than the providers take them: the case pacing is
 * for. Earlier runs' numbers, toggles, messages and jobs are cleared first, so the vendor's monthly
 * allowance and each customer's daily cap start again.
 */
async function preparePhoneRecipients(
  client: pg.Client,
  vendor: BenchVendor,
  count: number,
): Promise<Channels<number>> {
  await client.query(`delete from text_messages where vendor_id = $1`, [vendor.id]);
  await client.query(`delete from jobs where name = 'text.notice' and payload->>'vendorId' = $1`, [vendor.id]);
  await client.query(
    `update email_preferences set whatsapp_vendor_updates = false, sms_vendor_updates = false
     where user_id in (select id from auth_user where phone_number like $1)`,
    [`${BENCH_NUMBER_PREFIX}%`],
  );
  await client.query(
    `update auth_user set phone_number = null, phone_number_verified = false where phone_number like $1`,
    [`${BENCH_NUMBER_PREFIX}%`],
  );
  if (count === 0) return { whatsapp: 0, sms: 0 };
  await client.query(
    `create temporary table bench_phone as
       select user_id, (row_number() over (order by user_id) - 1)::int as i
       from (${AUDIENCE_SQL.replace('count(distinct uc.user_id)::int as n', 'distinct uc.user_id')}
             order by uc.user_id limit $2) audience`,
    [vendor.id, count],
  );
  await client.query(
    `update auth_user a set phone_number = $1 || lpad(p.i::text, 6, '0'), phone_number_verified = true
     from bench_phone p where a.id = p.user_id`,
    [BENCH_NUMBER_PREFIX],
  );
  const { rows } = await client.query<{ whatsapp: number; sms: number }>(
    `with toggled as (
       update email_preferences ep
          set whatsapp_vendor_updates = p.i % 10 < $1, sms_vendor_updates = p.i % 10 >= $1
         from bench_phone p where ep.user_id = p.user_id
       returning ep.whatsapp_vendor_updates)
     select (count(*) filter (where whatsapp_vendor_updates))::int as whatsapp,
            (count(*) filter (where not whatsapp_vendor_updates))::int as sms from toggled`,
    [WHATSAPP_TENTHS],
  );
  await client.query('drop table bench_phone');
  return rows[0]!;
}

/** The vendor's phone messages as the app recorded them, and its notice jobs still to run or given up. */
async function phoneProgressOf(client: pg.Client, vendorId: string) {
  const { rows } = await client.query<{ sent: number; failed: number; open: number; jobsFailed: number }>(
    `select (select count(*) from text_messages where vendor_id = $1::uuid and kind = 'vendor_message' and status <> 'failed')::int as sent,
            (select count(*) from text_messages where vendor_id = $1::uuid and kind = 'vendor_message' and status = 'failed')::int as failed,
            (select count(*) from jobs where name = 'text.notice' and payload->>'vendorId' = $1::text and status in ('pending', 'running'))::int as open,
            (select count(*) from jobs where name = 'text.notice' and payload->>'vendorId' = $1::text and status = 'failed')::int as "jobsFailed"`,
    [vendorId],
  );
  return rows[0]!;
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

/** Providers on loopback as the campaign run uses them (src/server/test/fake-text-providers.ts). */
export interface CampaignProviders {
  counts(): FakeProviderCounts;
  ratesPerSecond: Channels<number>;
}

export async function benchCampaign(options: {
  app: RunningApp;
  /** Stops the app with SIGTERM and starts it again on the same data and settings, as a deploy does. */
  restartApp: () => Promise<{ stopped: AppStop; stopSeconds: number; app: RunningApp }>;
  databaseUrl: string;
  data: BenchData;
  /** The vendor whose customers get the campaign, and the one whose staff stamp meanwhile. */
  campaignVendor: BenchVendor;
  stampingVendor: BenchVendor;
  customers: number;
  /** Recipients who also get it by WhatsApp or SMS (within the plan's month: Enterprise 10,000). */
  phoneRecipients: number;
  providers: CampaignProviders;
  appClockAheadMs: number;
  connections: number;
  duration: number;
  warmup: number;
  /** Seconds to wait for the last e-mail before giving up on the send time. */
  timeout: number;
}): Promise<CampaignBench> {
  const { data, campaignVendor, stampingVendor, providers } = options;
  let app = options.app;
  const { holdersAdded, phone } = await withClient(options.databaseUrl, async (client) => ({
    holdersAdded: await prepareAudience(client, campaignVendor, options.customers),
    phone: await preparePhoneRecipients(client, campaignVendor, options.phoneRecipients),
  }));
  if (holdersAdded > 0)
    log(`    ${holdersAdded.toLocaleString('en-US')} customers joined ${campaignVendor.name} to reach the audience`);
  const phoneWanted = phone.whatsapp + phone.sms;
  log(
    `    ${phone.whatsapp.toLocaleString('en-US')} of them by WhatsApp and ${phone.sms.toLocaleString('en-US')} by SMS too ` +
      `(providers at ${providers.ratesPerSecond.whatsapp} and ${providers.ratesPerSecond.sms} a second)`,
  );
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
        clockAheadMs: options.appClockAheadMs,
      }).requests,
      connections: options.connections,
      duration: options.duration,
      warmup: options.warmup,
    });

  log(`→ Issue stamps before the campaign (${options.connections} connections, ${options.duration} s)`);
  const stampsBefore = await load(await data.eligibleCustomers(stampingVendor.card, 250_000));
  const customersDuring = await data.eligibleCustomers(stampingVendor.card, 250_000);

  log(
    `→ Campaign to the customers of ${campaignVendor.name}, stamps issued meanwhile, the app restarted halfway through the phone messages`,
  );
  const database = new URL(options.databaseUrl).pathname.slice(1);
  const cpuTotals = { appMs: 0, postgresMs: 0 };
  const meterOf = (running: RunningApp) =>
    startCpuMeter({ appPid: running.pid, databaseUrl: options.databaseUrl, database });
  const readMeter = async (meter: Awaited<ReturnType<typeof meterOf>>) => {
    const read = await meter.finish(1);
    cpuTotals.appMs += read.appMs;
    cpuTotals.postgresMs += read.postgresMs;
  };
  let meter = await meterOf(app);
  const posted = Date.now();
  const postedOnProviders = performance.now();
  const response = await fetch(`${app.baseUrl}/api/vendor/campaigns`, {
    method: 'POST',
    headers: { cookie: ownerCookie, 'content-type': 'application/json', origin: app.baseUrl },
    body: JSON.stringify({ subject: 'Bench campaign', message: 'Double stamps all week.', segment: 'all' }),
  });
  if (response.status !== 201) throw new Error(`The campaign was refused: ${response.status} ${await response.text()}`);
  const campaignId = ((await response.json()) as { id: string }).id;
  const seconds = (at: number | null) => (at === null ? null : Math.round((at - posted) / 100) / 10);

  let enqueuedAt: number | null = null;
  let deliveredAt: number | null = null;
  let phoneDoneAt: number | null = phoneWanted === 0 ? posted : null;
  let restart: PhoneRun['restart'] = null;
  let phoneRows = { sent: 0, failed: 0, open: 0, jobsFailed: 0 };
  let last: Progress = { status: 'scheduled', recipients: 0, pending: 0, queued: 0, delivered: 0, waitingForDigest: 0 };
  let stampsEnded = false;
  const during = load(customersDuring).then((result) => {
    stampsEnded = true;
    return { result, endedAt: Date.now() };
  });
  await withClient(options.databaseUrl, async (client) => {
    while (Date.now() - posted < options.timeout * 1000) {
      last = await progressOf(client, campaignId);
      phoneRows = await phoneProgressOf(client, campaignVendor.id);
      const taken = providers.counts();
      if (enqueuedAt === null && last.status === 'sent') enqueuedAt = Date.now();
      if (deliveredAt === null && enqueuedAt !== null && last.delivered + last.waitingForDigest >= last.queued)
        deliveredAt = Date.now();
      if (phoneDoneAt === null && taken.recipients >= phoneWanted && phoneRows.open === 0) phoneDoneAt = Date.now();
      // Halfway through the phone messages (and after the stamp run, whose figures the stop would spoil).
      if (!restart && phoneWanted > 0 && stampsEnded && taken.recipients >= phoneWanted / 2) {
        const afterMessages = taken.taken.whatsapp + taken.taken.sms;
        const asked = Date.now();
        await readMeter(meter);
        const restarted = await options.restartApp();
        app = restarted.app;
        meter = await meterOf(app);
        restart = {
          afterMessages,
          atSeconds: seconds(asked)!,
          stopSeconds: restarted.stopSeconds,
          downSeconds: Math.round((Date.now() - asked) / 100) / 10,
          exitCode: restarted.stopped.exitCode,
          poolEndedErrors: restarted.stopped.poolEndedErrors,
        };
        log(
          `    restarted after ${afterMessages.toLocaleString('en-US')} phone messages: SIGTERM → exit ${restart.exitCode} in ${restart.stopSeconds} s, answering again after ${restart.downSeconds} s`,
        );
      }
      // A small run may finish its phone messages before the restart's moment: it is then reported without one.
      if (deliveredAt !== null && phoneDoneAt !== null) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  });
  await readMeter(meter);
  const { result: stampsDuring, endedAt } = await during;
  const stampsPerSecond = (result: LoadResult) => (result.statusCodes['200'] ?? 0) / Math.max(result.seconds, 1e-9);
  const sendSeconds = seconds(deliveredAt);
  const stampStart = endedAt - stampsDuring.seconds * 1000;
  const campaignEnd = deliveredAt ?? Date.now();
  const counts = providers.counts();
  const perSecond = (channel: 'whatsapp' | 'sms') => {
    const first = counts.firstAt[channel];
    const lastAt = counts.lastAt[channel];
    return first === null || lastAt === null || lastAt <= first
      ? null
      : Math.round((counts.taken[channel] / ((lastAt - first) / 1000)) * 10) / 10;
  };
  const phoneTaken = counts.taken.whatsapp + counts.taken.sms;
  const messages = last.delivered + phoneTaken;
  const per = (ms: number) => (messages > 0 ? Math.round((ms / messages) * 100) / 100 : Number.NaN);
  const totalEnd = deliveredAt !== null && phoneDoneAt !== null ? Math.max(deliveredAt, phoneDoneAt) : null;
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
    finished: totalEnd !== null,
    phone:
      phoneWanted === 0
        ? null
        : {
            recipients: phone,
            ratesPerSecond: providers.ratesPerSecond,
            taken: counts.taken,
            perSecond: { whatsapp: perSecond('whatsapp'), sms: perSecond('sms') },
            seconds:
              phoneDoneAt === null
                ? null
                : Math.round(
                    (Math.max(counts.lastAt.whatsapp ?? 0, counts.lastAt.sms ?? 0) - postedOnProviders) / 100,
                  ) / 10,
            tooMany: counts.tooMany,
            duplicates: counts.duplicates,
            lost: phoneWanted - counts.recipients,
            rowsSent: phoneRows.sent,
            rowsFailed: phoneRows.failed,
            jobsFailed: phoneRows.jobsFailed,
            reportsUnanswered: counts.reportsUnanswered,
            restart,
          },
    totalSeconds: seconds(totalEnd),
    cpu: {
      appMs: cpuTotals.appMs,
      postgresMs: cpuTotals.postgresMs,
      messages,
      appMsPerMessage: per(cpuTotals.appMs),
      postgresMsPerMessage: per(cpuTotals.postgresMs),
    },
    appClockAheadMs: options.appClockAheadMs,
  };
  log(
    `    ${result.recipients.toLocaleString('en-US')} recipients: in the outbox after ${result.enqueueSeconds ?? '—'} s, ` +
      `${result.delivered.toLocaleString('en-US')} delivered after ${result.sendSeconds ?? `more than ${options.timeout}`} s (${result.emailsPerSecond ?? '—'} e-mails/s), ` +
      `${result.waitingForDigest} waiting for their digest; ` +
      `stamps ${Math.round(stampsPerSecond(stampsBefore))}/s before, ${Math.round(stampsPerSecond(stampsDuring))}/s during ` +
      `(p99 ${stampsBefore.p99Ms} → ${stampsDuring.p99Ms} ms, ${result.overlapSeconds} s of overlap)`,
  );
  if (result.phone) log(`    ${describePhoneRun(result.phone)}`);
  log(
    `    all done after ${result.totalSeconds ?? `more than ${options.timeout}`} s; CPU per message (e-mails delivered and phone messages, the stamps during it included): ` +
      `app ${result.cpu!.appMsPerMessage} ms, PostgreSQL ${result.cpu!.postgresMsPerMessage} ms`,
  );
  return result;
}

export function describePhoneRun(phone: PhoneRun): string {
  const channel = (name: 'whatsapp' | 'sms', label: string) =>
    `${label} ${phone.taken[name].toLocaleString('en-US')} of ${phone.recipients[name].toLocaleString('en-US')} at ${phone.perSecond[name] ?? '—'}/s (limit ${phone.ratesPerSecond[name]}, ${phone.tooMany[name]} answered 429)`;
  return (
    `${channel('whatsapp', 'WhatsApp')}, ${channel('sms', 'SMS')}; the last after ${phone.seconds ?? '—'} s; ` +
    `${phone.duplicates} duplicates, ${phone.lost} lost; rows ${phone.rowsSent.toLocaleString('en-US')} sent, ${phone.rowsFailed} failed, ${phone.jobsFailed} jobs given up; ` +
    (phone.restart
      ? `restart after ${phone.restart.afterMessages.toLocaleString('en-US')} messages (${phone.restart.atSeconds} s): exit ${phone.restart.exitCode} after ${phone.restart.stopSeconds} s, down ${phone.restart.downSeconds} s, ${phone.restart.poolEndedErrors} queries after the pool ended`
      : 'no restart')
  );
}
