import { and, desc, eq, gte, lt, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  CAME_BACK_DAYS,
  campaignAllowed,
  campaignLimitMessage,
  campaignMonth,
  sendTimeProblem,
  type Campaign,
  type CampaignFigures,
  type CampaignList,
  type PhoneDelivery,
  type CreateCampaignInput,
} from '@shared/campaigns/campaigns';
import { cheapestPlanWithCampaigns, featureNeedsPlanMessage, type PlanLimits } from '@shared/billing/plans';
import type { Database, Executor } from '@server/db/client';
import { campaignRecipients, campaigns, emailMessages, stamps, textMessages } from '@server/db/schema';
import { campaignRecipientMessageKeySql } from '@server/modules/customers/send-vendor-message';
import { conflict, forbidden, invalidFields, notFound, planRequired } from '@server/errors';
import { enqueueJob } from '@server/lib/job-queue';
import { recordAudit, type AuditActor } from '@server/lib/record-audit';
import { rows } from '@server/db/sql-rows';
import { planLimitsForVendor } from '@server/modules/billing/plan-limits-for-vendor';
import { CLOSED_VENDOR_MESSAGE, loadVendor, lockOpenVendor } from '@server/modules/billing/vendor-plan';
import { campaignStartJob } from './campaign-jobs';
import { campaignLifts } from './hold-out-lift';

type CampaignRow = typeof campaigns.$inferSelect;

/** The refusal of a plan without campaigns ("This feature needs the Standard plan."), or null. */
export function campaignsLockedMessage(limits: PlanLimits): string | null {
  return limits.campaignsPerMonth === 0 ? featureNeedsPlanMessage(cheapestPlanWithCampaigns()) : null;
}

async function campaignsInMonth(db: Executor, vendorId: string, sendAt: Date): Promise<number> {
  const month = campaignMonth(sendAt);
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(campaigns)
    .where(
      and(
        eq(campaigns.vendorId, vendorId),
        ne(campaigns.status, 'cancelled'),
        gte(campaigns.sendAt, month.start),
        lt(campaigns.sendAt, month.end),
      ),
    );
  return Number(row?.count ?? 0);
}

/**
 * Saves a campaign and its start job (due at its send time) in one transaction, under the vendor
 * row's lock so two at once cannot both take the month's last campaign.
 */
export async function createCampaign(
  db: Database,
  { vendorId, actor, campaign: input }: { vendorId: string; actor: AuditActor; campaign: CreateCampaignInput },
  now: Date,
): Promise<Campaign> {
  const sendAt = input.sendAt ? new Date(input.sendAt) : null;
  const problem = sendTimeProblem(sendAt, now);
  if (problem) throw invalidFields(problem, { sendAt: problem });
  const when = sendAt && sendAt.getTime() > now.getTime() ? sendAt : now;
  const row = await db.transaction(async (tx) => {
    const vendor = await lockOpenVendor(tx, vendorId);
    const limits = planLimitsForVendor(vendor);
    const locked = campaignsLockedMessage(limits);
    if (locked) throw planRequired(locked);
    if (!campaignAllowed(limits, await campaignsInMonth(tx, vendorId, when)))
      throw forbidden(campaignLimitMessage(limits.campaignsPerMonth), 'campaign_limit');
    const [saved] = await tx
      .insert(campaigns)
      .values({
        vendorId,
        createdBy: actor.userId,
        subject: input.subject,
        message: input.message,
        segment: input.segment,
        lapsedDays: input.segment === 'lapsed' ? (input.lapsedDays ?? null) : null,
        holdOutPercent: input.holdOutPercent ?? 0,
        status: 'scheduled',
        sendAt: when,
        createdAt: now,
      })
      .returning();
    await enqueueJob(tx, campaignStartJob(saved!.id, when));
    await recordAudit(tx, {
      actor,
      action: 'campaign.create',
      targetType: 'campaign',
      targetId: saved!.id,
      vendorId,
      metadata: {
        subject: input.subject,
        segment: input.segment,
        sendAt: when.toISOString(),
        holdOutPercent: input.holdOutPercent ?? 0,
      },
    });
    return saved!;
  });
  return present(row, emptyFigures());
}

/** Cancels a campaign that has not started sending; one already sending or sent is a 409. */
export async function cancelCampaign(
  db: Database,
  { vendorId, actor, campaignId }: { vendorId: string; actor: AuditActor; campaignId: string },
  now: Date,
): Promise<Campaign> {
  const vendor = await loadVendor(db, vendorId);
  if (vendor.closedAt) throw forbidden(CLOSED_VENDOR_MESSAGE);
  const [existing] = await db
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.id, campaignId), eq(campaigns.vendorId, vendorId)));
  if (!existing) throw notFound('Campaign not found.');
  // The start job locks the row before it starts: one of the two wins, never both.
  const [cancelled] = await db
    .update(campaigns)
    .set({ status: 'cancelled', cancelledAt: now })
    .where(and(eq(campaigns.id, campaignId), eq(campaigns.status, 'scheduled')))
    .returning();
  if (!cancelled)
    throw conflict('This campaign has already been sent and can no longer be cancelled.', 'campaign_started');
  await recordAudit(db, {
    actor,
    action: 'campaign.cancel',
    targetType: 'campaign',
    targetId: campaignId,
    vendorId,
    metadata: { subject: cancelled.subject },
  });
  return present(cancelled, emptyFigures());
}

const emptyFigures = (): CampaignFigures => ({
  recipients: 0,
  heldOut: 0,
  sent: 0,
  skipped: 0,
  delivered: 0,
  opened: 0,
  cameBack: 0,
  byPhone: { whatsapp: emptyDelivery(), sms: emptyDelivery() },
  lift: null,
});

const emptyDelivery = (): PhoneDelivery => ({ sent: 0, delivered: 0, read: 0, failed: 0 });

function present(row: CampaignRow, figures: CampaignFigures): Campaign {
  return {
    id: row.id,
    subject: row.subject,
    message: row.message,
    segment: row.segment as Campaign['segment'],
    lapsedDays: row.lapsedDays,
    holdOutPercent: row.holdOutPercent,
    status: row.status as Campaign['status'],
    sendAt: row.sendAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
    figures,
  };
}

const cr = alias(campaignRecipients, 'cr');
const em = alias(emailMessages, 'em');
const st = alias(stamps, 'st');
const cp = alias(campaigns, 'cp');
const tm = alias(textMessages, 'tm');

/**
 * The figures of campaigns: recipients (the held-back group apart), e-mails handed to the outbox,
 * skipped, delivered (sent by the outbox, or folded into the recipient's digest), opened (the
 * tracked link followed) and came back (a stamp at the vendor within CAME_BACK_DAYS of the start
 * of sending), each a count of recipients; and, with a hold-out, the lift (hold-out-lift.ts).
 */
export async function campaignFigures(
  db: Executor,
  ids: string[],
  lift: { measured: string[]; averageSpendRupees: number | null; now: Date },
): Promise<Map<string, CampaignFigures>> {
  const figures = new Map<string, CampaignFigures>();
  if (ids.length === 0) return figures;
  const result = await rows<{
    campaign_id: string;
    recipients: number;
    held_out: number;
    sent: number;
    skipped: number;
    delivered: number;
    opened: number;
    came_back: number;
  }>(
    db,
    sql`with came_back as (
          select distinct ${cp.id} as campaign_id, ${st.userId} as user_id
          from ${campaigns} as ${cp} join ${stamps} as ${st} on ${st.vendorId} = ${cp.vendorId}
            and ${st.issuedAt} > ${cp.startedAt}
            and ${st.issuedAt} <= ${cp.startedAt} + make_interval(days => ${CAME_BACK_DAYS})
          where ${cp.id} in ${ids} and ${cp.startedAt} is not null
        )
        select ${cr.campaignId} as campaign_id,
          (count(*) filter (where ${cr.status} <> 'held_out'))::int as recipients,
          (count(*) filter (where ${cr.status} = 'held_out'))::int as held_out,
          (count(*) filter (where ${cr.status} = 'sent'))::int as sent,
          (count(*) filter (where ${cr.status} in ('skipped_preferences', 'skipped_daily')))::int as skipped,
          (count(*) filter (where ${em.status} in ('sent', 'digested')))::int as delivered,
          (count(*) filter (where ${cr.openedAt} is not null))::int as opened,
          (count(*) filter (where ${cr.status} = 'sent' and cb.user_id is not null))::int as came_back
        from ${campaignRecipients} as ${cr}
        left join ${emailMessages} as ${em} on ${em.id} = ${cr.emailMessageId}
        left join came_back cb on cb.campaign_id = ${cr.campaignId} and cb.user_id = ${cr.userId}
        where ${cr.campaignId} in ${ids}
        group by ${cr.campaignId}`,
  );
  for (const row of result)
    figures.set(row.campaign_id, {
      recipients: Number(row.recipients),
      heldOut: Number(row.held_out),
      sent: Number(row.sent),
      skipped: Number(row.skipped),
      delivered: Number(row.delivered),
      opened: Number(row.opened),
      cameBack: Number(row.came_back),
      byPhone: { whatsapp: emptyDelivery(), sms: emptyDelivery() },
      lift: null,
    });
  for (const row of await phoneDeliveries(db, ids)) {
    const delivery = figures.get(row.campaign_id)?.byPhone[row.channel as 'whatsapp' | 'sms'];
    if (delivery) delivery[row.status as keyof PhoneDelivery] = Number(row.n);
  }
  for (const [id, result] of await campaignLifts(db, lift.measured, lift)) {
    const each = figures.get(id);
    if (each) each.lift = result;
  }
  return figures;
}

/** The campaigns' WhatsApp and SMS messages the providers took, counted by channel and the state last reported. */
function phoneDeliveries(db: Executor, ids: string[]) {
  return rows<{ campaign_id: string; channel: string; status: string; n: number }>(
    db,
    sql`select ${cr.campaignId} as campaign_id, ${tm.channel} as channel, ${tm.status} as status, count(*)::int as n
        from ${campaignRecipients} as ${cr}
        join ${textMessages} as ${tm} on ${tm.noticeKey} = ${campaignRecipientMessageKeySql(sql`${cr.vendorId}`, sql`${cr.id}`)}
          and ${tm.vendorId} = ${cr.vendorId} and ${tm.kind} = 'vendor_message' and ${tm.channel} in ('whatsapp', 'sms')
          and ${tm.status} <> 'sending'
        where ${cr.campaignId} in ${ids} and ${cr.status} = 'sent'
        group by 1, 2, 3`,
  );
}

/** The vendor's latest campaigns with their figures, this month's usage and the plan's lock. */
export async function listCampaigns(db: Executor, vendorId: string, now: Date): Promise<CampaignList> {
  const vendor = await loadVendor(db, vendorId);
  const limits = planLimitsForVendor(vendor);
  const list = await db
    .select()
    .from(campaigns)
    .where(eq(campaigns.vendorId, vendorId))
    .orderBy(desc(campaigns.sendAt), desc(campaigns.createdAt))
    .limit(50);
  const figures = await campaignFigures(
    db,
    list.map((row) => row.id),
    {
      // Only campaigns with a hold-out that began sending have a lift: the others' recipients are not read again.
      measured: list.filter((row) => row.holdOutPercent > 0 && row.startedAt).map((row) => row.id),
      averageSpendRupees: vendor.averageSpendRupees,
      now,
    },
  );
  return {
    campaigns: list.map((row) => present(row, figures.get(row.id) ?? emptyFigures())),
    usage: { used: await campaignsInMonth(db, vendorId, now), limit: limits.campaignsPerMonth },
    lockedMessage: campaignsLockedMessage(limits),
    averageSpendRupees: vendor.averageSpendRupees,
  };
}

/** Follows a tracked link: marks the recipient's first open and answers its vendor's slug (null: unknown recipient). */
export async function openCampaignLink(db: Executor, recipientId: string, now: Date): Promise<string | null> {
  const [recipient] = await db
    .update(campaignRecipients)
    .set({ openedAt: sql`coalesce(${campaignRecipients.openedAt}, ${now})` })
    .where(eq(campaignRecipients.id, recipientId))
    .returning({ vendorId: campaignRecipients.vendorId });
  if (!recipient) return null;
  const vendor = await loadVendor(db, recipient.vendorId);
  return vendor.slug;
}
