import { sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AutomationKind } from '@shared/campaigns/automations';
import {
  EXTRA_VISITS_WINDOW,
  liftOf,
  type GroupOutcome,
  type HoldOutResult,
  type LiftWindow,
} from '@shared/campaigns/hold-out';
import { addPakistanDays } from '@shared/pakistan-time';
import type { Executor } from '@server/db/client';
import { automationSends, campaignRecipients, campaigns, stamps, vendors } from '@server/db/schema';
import { rows } from '@server/db/sql-rows';

/*
 * The lift of campaigns and automations against their hold-out groups (decision 083). Both groups
 * are counted as assigned (intent to treat): a customer meant to receive it whose preferences
 * changed before the batch, or whom another message of the day already reached, stays in the
 * received group, so the two groups differ by the draw alone. A return is a visit (a stamp of kind
 * visit) at the vendor after the send and within the window's days; bonus stamps are not visits.
 */

const cr = alias(campaignRecipients, 'cr');
const cp = alias(campaigns, 'cp');
const st = alias(stamps, 'st');
const aus = alias(automationSends, 'aus');

interface GroupRow {
  key: string;
  held_out: boolean;
  customers: number;
  returned_14: number;
  returned_30: number;
  visits: number;
  percent: number;
}

/** Each send's first visit and its visits within the 30 days after `sentAt`, as a lateral join. */
function visitsAfter(userId: SQL, vendorId: SQL, sentAt: SQL): SQL {
  return sql`left join lateral (
      select min(${st.issuedAt}) as first_visit, count(*)::int as visits
      from ${stamps} as ${st}
      where ${st.userId} = ${userId} and ${st.vendorId} = ${vendorId} and ${st.kind} = 'visit'
        and ${st.issuedAt} > ${sentAt} and ${st.issuedAt} <= ${sentAt} + make_interval(days => ${EXTRA_VISITS_WINDOW})
    ) v on true`;
}

function groupColumns(sentAt: SQL): SQL {
  return sql`count(*)::int as customers,
    (count(*) filter (where v.first_visit <= ${sentAt} + make_interval(days => 14)))::int as returned_14,
    (count(*) filter (where v.first_visit is not null))::int as returned_30,
    coalesce(sum(v.visits), 0)::int as visits`;
}

function outcome(row: GroupRow | undefined): GroupOutcome {
  return {
    customers: Number(row?.customers ?? 0),
    returned: { 14: Number(row?.returned_14 ?? 0), 30: Number(row?.returned_30 ?? 0) },
    visits: Number(row?.visits ?? 0),
  };
}

function completeAt(lastSentAt: Date, now: Date): Record<LiftWindow, boolean> {
  return {
    14: addPakistanDays(lastSentAt, 14).getTime() <= now.getTime(),
    30: addPakistanDays(lastSentAt, 30).getTime() <= now.getTime(),
  };
}

/**
 * The lift of each campaign with a hold-out that has started sending, by campaign id. One pass over
 * the campaigns' recipients, each with its visits by the (user, issued) index of stamps.
 */
export async function campaignLifts(
  db: Executor,
  ids: string[],
  { averageSpendRupees, now }: { averageSpendRupees: number | null; now: Date },
): Promise<Map<string, HoldOutResult>> {
  const lifts = new Map<string, HoldOutResult>();
  if (ids.length === 0) return lifts;
  const result = await rows<GroupRow & { started_at: Date | string }>(
    db,
    sql`select ${cr.campaignId} as key, ${cr.status} = 'held_out' as held_out, max(${cp.holdOutPercent})::int as percent,
          max(${cp.startedAt}) as started_at, ${groupColumns(sql`${cp.startedAt}`)}
        from ${campaignRecipients} as ${cr}
        join ${campaigns} as ${cp} on ${cp.id} = ${cr.campaignId}
        ${visitsAfter(sql`${cr.userId}`, sql`${cp.vendorId}`, sql`${cp.startedAt}`)}
        where ${cr.campaignId} in ${ids} and ${cp.holdOutPercent} > 0 and ${cp.startedAt} is not null
        group by 1, 2`,
  );
  for (const id of new Set(result.map((row) => row.key))) {
    const held = result.find((row) => row.key === id && row.held_out);
    const received = result.find((row) => row.key === id && !row.held_out);
    const any = (held ?? received)!;
    lifts.set(
      id,
      liftOf({
        percent: Number(any.percent),
        received: outcome(received),
        heldOut: outcome(held),
        complete: completeAt(new Date(any.started_at), now),
        averageSpendRupees,
      }),
    );
  }
  return lifts;
}

/** How far back an automation's sends count towards its lift. */
export const AUTOMATION_LIFT_DAYS = 365;

/**
 * The lift of each of the vendor's automations from its sends under a hold-out in the last
 * AUTOMATION_LIFT_DAYS days, each send a unit (a customer may have several: a win-back per lapse).
 * The windows are complete once the latest send's have ended.
 */
export async function automationLifts(
  db: Executor,
  vendorId: string,
  now: Date,
): Promise<Map<AutomationKind, HoldOutResult>> {
  const since = addPakistanDays(now, -AUTOMATION_LIFT_DAYS);
  const [vendor] = await rows<{ average_spend_rupees: number | null }>(
    db,
    sql`select ${vendors.averageSpendRupees} as average_spend_rupees from ${vendors} where ${vendors.id} = ${vendorId}`,
  );
  const result = await rows<GroupRow & { last_sent_at: Date | string }>(
    db,
    sql`select ${aus.kind} as key, ${aus.messageOutcome} = 'held_out' as held_out,
          round(avg(${aus.holdOutPercent}))::int as percent, max(${aus.sentAt}) as last_sent_at,
          ${groupColumns(sql`${aus.sentAt}`)}
        from ${automationSends} as ${aus}
        ${visitsAfter(sql`${aus.userId}`, sql`${aus.vendorId}`, sql`${aus.sentAt}`)}
        where ${aus.vendorId} = ${vendorId} and ${aus.holdOutPercent} > 0 and ${aus.sentAt} > ${since}
        group by 1, 2`,
  );
  const lifts = new Map<AutomationKind, HoldOutResult>();
  for (const kind of new Set(result.map((row) => row.key as AutomationKind))) {
    const held = result.find((row) => row.key === kind && row.held_out);
    const received = result.find((row) => row.key === kind && !row.held_out);
    const both = [held, received].filter((row): row is NonNullable<typeof row> => row !== undefined);
    const lastSent = new Date(Math.max(...both.map((row) => new Date(row.last_sent_at).getTime())));
    lifts.set(
      kind,
      liftOf({
        percent: Math.round(
          both.reduce((sum, row) => sum + Number(row.percent) * Number(row.customers), 0) /
            both.reduce((sum, row) => sum + Number(row.customers), 0),
        ),
        received: outcome(received),
        heldOut: outcome(held),
        complete: completeAt(lastSent, now),
        averageSpendRupees: vendor?.average_spend_rupees ?? null,
      }),
    );
  }
  return lifts;
}
