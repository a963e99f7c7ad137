import { and, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { pakistanDateKey } from '@shared/pakistan-time';
import type { Config } from '@server/config';
import type { Database, Executor } from '@server/db/client';
import { campaignRecipients, campaigns, users, vendors } from '@server/db/schema';
import {
  enqueueJob,
  finishJobWith,
  handlerOf,
  jobKind,
  newJob,
  type JobHandler,
  type NewJob,
} from '@server/lib/job-queue';
import type { EmailService } from '@server/modules/notifications/email-service';
import { campaignRecipientKey, queueVendorMessages } from '@server/modules/customers/send-vendor-message';
import { rows } from '@server/db/sql-rows';
import { audienceQuery } from './campaign-audience';
import { campaignLinkUrl } from './campaign-link';

/*
 * Sending a campaign on the one job runner (decisions 037, 045). The start job, due at the send
 * time, chooses the recipients (the segment at that moment) in numbered batches and enqueues the
 * first batch's job; each batch job, keyed by campaign and batch, hands its recipients' e-mails to
 * the outbox and enqueues the next batch. One batch at a time keeps the queue fair: the e-mails a
 * batch wrote, and everyone else's jobs (a stamp's e-mail, a password reset), come before the next
 * batch, where 200 batches enqueued at once would hold them back until the last one ran. Each job does its writes in the transaction that marks it done (finishJobWith): a process
 * that dies halfway leaves nothing of that job behind, and the job runs again whole; a job that
 * runs twice finds its claim gone or its recipients no longer pending. Nothing is sent twice.
 */

export const CAMPAIGN_START_JOB = jobKind('campaign.start', z.object({ campaignId: z.string() }));
export const CAMPAIGN_BATCH_JOB = jobKind(
  'campaign.batch',
  z.object({ campaignId: z.string(), batch: z.number().int() }),
);

export function campaignStartJob(campaignId: string, runAt: Date): NewJob {
  return newJob(CAMPAIGN_START_JOB, { campaignId }, { runAt, uniqueKey: `campaign:${campaignId}:start` });
}

function campaignBatchJob(campaignId: string, batch: number, runAt: Date): NewJob {
  return newJob(
    CAMPAIGN_BATCH_JOB,
    { campaignId, batch },
    { runAt, uniqueKey: `campaign:${campaignId}:batch:${batch}` },
  );
}

export interface CampaignJobDeps {
  db: Database;
  email: EmailService;
  config: Pick<Config, 'publicUrl' | 'sessionSecret' | 'campaignBatchSize'>;
}

/**
 * Chooses the recipients and its hold-out group, and enqueues their batches, once, unless the
 * campaign was cancelled first. The held-back are never pending: no batch reads them, so they get
 * nothing by e-mail, push, WhatsApp or SMS.
 */
export async function startCampaign(tx: Executor, deps: CampaignJobDeps, campaignId: string, now: Date) {
  const [campaign] = await tx.select().from(campaigns).where(eq(campaigns.id, campaignId)).for('update');
  if (!campaign || campaign.status !== 'scheduled') return;
  const [vendor] = await tx
    .select({ closedAt: vendors.closedAt, status: vendors.status })
    .from(vendors)
    .where(eq(vendors.id, campaign.vendorId));
  const audience =
    vendor && !vendor.closedAt && vendor.status === 'approved'
      ? await audienceQuery(
          tx,
          { vendorId: campaign.vendorId, segment: campaign.segment as never, lapsedDays: campaign.lapsedDays },
          now,
        )
      : null;
  let total = 0;
  if (audience) {
    const size = deps.config.campaignBatchSize;
    // The hold-out group (decision 083): the audience in an order drawn from the campaign and the
    // customer (md5, unrelated to anything about them), the first share of it rounded down
    // (heldOutCount) held back with no batch (-1), the rest numbered into batches.
    const inserted = await rows<{ n: number }>(
      tx,
      sql`with drawn as (
            select a.user_id,
              row_number() over (order by md5(${campaign.id}::text || a.user_id), a.user_id) as draw,
              count(*) over () as audience
            from (${audience}) a
          ),
          grouped as (
            select user_id, draw <= (audience * ${campaign.holdOutPercent}) / 100 as held_out from drawn
          ),
          chosen as (
            insert into ${campaignRecipients} (campaign_id, vendor_id, user_id, batch, status)
            select ${campaign.id}, ${campaign.vendorId}, user_id,
              case when held_out then -1
                else ((row_number() over (partition by held_out order by user_id)) - 1) / ${size} end,
              case when held_out then 'held_out' else 'pending' end
            from grouped
            on conflict do nothing
            returning status
          )
          select (count(*) filter (where status = 'pending'))::int as n from chosen`,
    );
    total = Number(inserted[0]?.n ?? 0);
    if (total > 0) await enqueueJob(tx, campaignBatchJob(campaign.id, 0, now));
  }
  await tx
    .update(campaigns)
    .set(total > 0 ? { status: 'sending', startedAt: now } : { status: 'sent', startedAt: now, finishedAt: now })
    .where(eq(campaigns.id, campaign.id));
}

const cr = alias(campaignRecipients, 'cr');
const other = alias(campaignRecipients, 'other');

/** Hands one batch's e-mails to the outbox: each pending recipient once, at most one campaign per vendor per Pakistan day. */
export async function sendCampaignBatch(
  tx: Executor,
  deps: CampaignJobDeps,
  { campaignId, batch }: { campaignId: string; batch: number },
  now: Date,
) {
  const [campaign] = await tx
    .select({ campaign: campaigns, vendorName: vendors.businessName, vendorSlug: vendors.slug })
    .from(campaigns)
    .innerJoin(vendors, eq(vendors.id, campaigns.vendorId))
    .where(eq(campaigns.id, campaignId));
  if (!campaign) return;
  const { subject, message, vendorId } = campaign.campaign;
  const dayKey = pakistanDateKey(now);
  // Those another campaign of the vendor reached today are left out. The recipient's own vendor
  // column ties each lookup to one (vendor, customer, day) of the one-a-day index: with the vendor
  // given as a value, a planner without fresh statistics (a campaign's rows were just written)
  // read every recipient sent today for each pending one, 7.6 s a batch 48,000 recipients in.
  await tx.execute(
    sql`update ${campaignRecipients} as ${cr} set status = 'skipped_daily'
        where ${cr.campaignId} = ${campaignId} and ${cr.batch} = ${batch} and ${cr.status} = 'pending'
          and exists (select 1 from ${campaignRecipients} as ${other} where ${other.vendorId} = ${cr.vendorId}
                        and ${other.userId} = ${cr.userId} and ${other.dayKey} = ${dayKey} and ${other.status} = 'sent')`,
  );
  const pending = await tx
    .select({ id: campaignRecipients.id, userId: users.id, email: users.email, name: users.name })
    .from(campaignRecipients)
    .innerJoin(users, eq(users.id, campaignRecipients.userId))
    .where(
      and(
        eq(campaignRecipients.campaignId, campaignId),
        eq(campaignRecipients.batch, batch),
        eq(campaignRecipients.status, 'pending'),
      ),
    );
  // Through the one door of a vendor's message, for the whole batch at once: e-mail and push under
  // each customer's vendor updates preferences, the push keyed by the recipient row so a batch run
  // twice pushes once.
  const vendor = { id: vendorId, businessName: campaign.vendorName, slug: campaign.vendorSlug };
  const outcomes = await queueVendorMessages(
    deps,
    pending.map((recipient) => ({
      vendor,
      customer: recipient,
      subject,
      message,
      vendorUrl: campaignLinkUrl(deps.config.publicUrl, deps.config.sessionSecret, recipient.id),
      key: campaignRecipientKey(recipient.id),
    })),
    now,
    tx,
  );
  const sent = pending.flatMap((recipient, index) => {
    const { outcome, messageId } = outcomes[index]!;
    return outcome === 'queued' ? [sql`(${recipient.id}::uuid, ${messageId}::uuid)`] : [];
  });
  if (sent.length > 0) {
    await tx
      .update(campaignRecipients)
      .set({ status: 'sent', dayKey, sentAt: now, emailMessageId: sql`queued.message_id` })
      .from(sql`(values ${sql.join(sent, sql`, `)}) as queued (id, message_id)`)
      .where(eq(campaignRecipients.id, sql`queued.id`));
  }
  // Left out: preferences changed meanwhile, or the vendor's messages of the day went already (by
  // hand or by an automation).
  const skipped = pending.flatMap((recipient, index) => {
    const { outcome } = outcomes[index]!;
    if (outcome === 'queued') return [];
    return [
      {
        id: recipient.id,
        status: outcome === 'capped' ? ('skipped_daily' as const) : ('skipped_preferences' as const),
      },
    ];
  });
  for (const status of ['skipped_preferences', 'skipped_daily'] as const) {
    const ids = skipped.filter((recipient) => recipient.status === status).map((recipient) => recipient.id);
    if (ids.length > 0) await tx.update(campaignRecipients).set({ status }).where(inArray(campaignRecipients.id, ids));
  }
  const [next] = await tx
    .select({ batch: campaignRecipients.batch })
    .from(campaignRecipients)
    .where(and(eq(campaignRecipients.campaignId, campaignId), eq(campaignRecipients.batch, batch + 1)))
    .limit(1);
  if (next) await enqueueJob(tx, campaignBatchJob(campaignId, batch + 1, now));
  // The last batch finished the campaign.
  await tx
    .update(campaigns)
    .set({ status: 'sent', finishedAt: now })
    .where(
      and(
        eq(campaigns.id, campaignId),
        eq(campaigns.status, 'sending'),
        sql`not exists (select 1 from ${campaignRecipients} as ${cr} where ${cr.campaignId} = ${campaignId} and ${cr.status} = 'pending')`,
      ),
    );
}

/** The two jobs of a campaign, for the job runner's registry. */
export function campaignJobHandlers(deps: CampaignJobDeps): JobHandler[] {
  return [
    handlerOf(CAMPAIGN_START_JOB, {
      async run({ campaignId }, job, now) {
        await finishJobWith(deps.db, job, now, (tx) => startCampaign(tx, deps, campaignId, now));
      },
    }),
    handlerOf(CAMPAIGN_BATCH_JOB, {
      async run({ campaignId, batch }, job, now) {
        await finishJobWith(deps.db, job, now, (tx) => sendCampaignBatch(tx, deps, { campaignId, batch }, now));
      },
    }),
  ];
}
