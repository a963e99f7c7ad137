import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { AUTOMATION_TEXT_KEYS } from '@shared/campaigns/automations';
import type { VendorDashboard } from '@shared/vendors/vendor-dashboard';
import type { Executor } from '@server/db/client';
import { auditLog, automationSends, loyaltyCards, rewards, stamps, users } from '@server/db/schema';
import { describeForVendor } from '@server/lib/audit-actions';
import { serverText } from '@server/lib/texts';
import { PHONE_STAMP_REF } from '@shared/stamps/codes';
import { jsonColumn, toIso } from '@server/db/sql-rows';
import { hiddenPlaceholder, preparedRead } from '@server/db/prepared-statement';

type Activity = VendorDashboard['recentActivity'][number];

// The short names these reads give their tables, taken from the schema (ARCHITECTURE.md, Conventions).
const s = alias(stamps, 's');
const r = alias(rewards, 'r');
const u = alias(users, 'u');
const c = alias(loyaltyCards, 'c');
const a = alias(auditLog, 'a');
const m = alias(automationSends, 'm');

/** "Welcome message sent to Ayesha K., with a bonus stamp": what an automated send did, honestly (decision 044). */
export function describeAutomationSend(row: {
  kind: string;
  customer: string;
  message_outcome: string;
  bonus_outcome: string;
}): string {
  const keys = (AUTOMATION_TEXT_KEYS as Record<string, { name: string }>)[row.kind];
  const values = { automation: keys ? serverText(keys.name) : row.kind, customer: row.customer };
  const messageKey =
    row.message_outcome === 'skipped'
      ? 'vendor:activity.automationSkipped'
      : row.message_outcome === 'held_out'
        ? 'vendor:activity.automationHeldOut'
        : 'vendor:activity.automationSent';
  const message = serverText(messageKey, values);
  const bonusKey = {
    none: null,
    given: 'vendor:activity.bonusGiven',
    refused_plan_limit: 'vendor:activity.bonusRefusedLimit',
    refused_card: 'vendor:activity.bonusRefusedCard',
  }[row.bonus_outcome];
  return `${message}${bonusKey ? serverText(bonusKey) : ''}`;
}

/** "Ayesha K.": enough for a counter to recognise a regular, without the full name on the dashboard. */
function shortName(name: string, surname: string): string {
  return surname ? `${name} ${surname.charAt(0)}.` : name;
}

/**
 * Hidden from the planner (decision 066): seeing a large vendor's 150,000 stamps, it priced a custom
 * plan's LIMIT 10 below the generic plan's and planned the statement afresh on every run, 3 ms of
 * PostgreSQL's CPU per dashboard against 0.3 ms to run it.
 */
const vendorIdValue = hiddenPlaceholder('vendorId', 'uuid');
/** audit_log.vendor_id is a text column. */
const vendorIdText = hiddenPlaceholder('vendorId', 'text');

/**
 * How many of each kind the dashboard reads. Written into the statement, not given with each run:
 * with a parameter for it, PostgreSQL's estimate of a kept plan assumed a tenth of the vendor's
 * rows and it planned the statement afresh every time.
 */
const RECENT_ACTIVITY = 10;
const RECENT_ACTIVITY_LIMIT = sql.raw(String(RECENT_ACTIVITY));

/** The recent activity's four lists, each a JSON column of at most ten rows. */
export interface ActivityLists {
  stamps: unknown;
  rewards: unknown;
  audits: unknown;
  automations: unknown;
}

/**
 * One select, four lists of at most ten rows, each an index range scan of its table by vendor and
 * time, newest first (decision 055); its placeholder is `vendorId`. Prepared (decision 062): its
 * plan is the same for a vendor with ten stamps and one with 150,000, and planning it cost more
 * than running it. The dashboard reads it in its own statement (get-vendor-dashboard.ts).
 */
export const activitySelect = sql`select
      (select coalesce(json_agg(t), '[]') from (
        select ${s.id}, ${s.issuedAt} as at, ${u.name}, ${u.surname}, ${c.name} as card, ${s.kind}, ${s.qrCode} as code, ${s.visitStamps} as visit_stamps
        from ${stamps} as ${s} join ${users} as ${u} on ${u.id} = ${s.userId} join ${loyaltyCards} as ${c} on ${c.id} = ${s.cardId}
        where ${s.vendorId} = ${vendorIdValue} and ${s.kind} <> 'same_visit' order by ${s.issuedAt} desc limit ${RECENT_ACTIVITY_LIMIT}) as t) as stamps,
      (select coalesce(json_agg(t), '[]') from (
        (select ${r.id}, ${r.earnedAt}, ${r.redeemedAt}, ${u.name}, ${u.surname}, ${r.rewardTitle} as title
         from ${rewards} as ${r} join ${users} as ${u} on ${u.id} = ${r.userId}
         where ${r.vendorId} = ${vendorIdValue} and ${r.status} = 'redeemed' order by ${r.redeemedAt} desc limit ${RECENT_ACTIVITY_LIMIT})
        union
        (select ${r.id}, ${r.earnedAt}, null, ${u.name}, ${u.surname}, ${r.rewardTitle}
         from ${rewards} as ${r} join ${users} as ${u} on ${u.id} = ${r.userId}
         where ${r.vendorId} = ${vendorIdValue} order by ${r.earnedAt} desc limit ${RECENT_ACTIVITY_LIMIT})) as t) as rewards,
      (select coalesce(json_agg(t), '[]') from (
        select ${a.id}::text as id, ${a.createdAt} as at, ${a.action}, ${a.metadata} from ${auditLog} as ${a}
        where ${a.vendorId} = ${vendorIdText} and ${a.action} not like 'stamp.%' and ${a.action} not like 'reward.%'
        order by ${a.createdAt} desc limit ${RECENT_ACTIVITY_LIMIT}) as t) as audits,
      (select coalesce(json_agg(t), '[]') from (
        select ${m.id}, ${m.sentAt} as at, ${m.kind}, ${u.name}, ${u.surname}, ${m.messageOutcome}, ${m.bonusOutcome}
        from ${automationSends} as ${m} join ${users} as ${u} on ${u.id} = ${m.userId}
        where ${m.vendorId} = ${vendorIdValue} order by ${m.sentAt} desc limit ${RECENT_ACTIVITY_LIMIT}) as t) as automations`;

const readRecentActivity = preparedRead<ActivityLists>('vendor_recent_activity', () => activitySelect);

/**
 * The dashboard's recent activity: stamps, rewards earned and redeemed from their own tables,
 * and every other change from the vendor's audit log (stamp and reward audit rows would repeat
 * the first three, so they are left out).
 */
export async function recentVendorActivity(db: Executor, vendorId: string): Promise<Activity[]> {
  const [lists] = await readRecentActivity(db, { vendorId });
  return activityFromLists(lists);
}

/** "a stamp", or "4 stamps" for a visit that gave an order's several. */
/** The activity's items, newest first, from the four lists of `activitySelect`. */
export function activityFromLists(lists: ActivityLists | undefined): Activity[] {
  const stampRows = jsonColumn<
    Array<{
      id: string;
      at: unknown;
      name: string;
      surname: string;
      card: string;
      kind: string;
      code: string;
      /** An order for several: the visit's stamps (its other rows are left out above). */
      visit_stamps: number;
    }>
  >(lists?.stamps);
  const rewardRows = jsonColumn<
    Array<{
      id: string;
      earned_at: unknown;
      redeemed_at: unknown;
      name: string;
      surname: string;
      title: string;
    }>
  >(lists?.rewards);
  const auditRows = jsonColumn<
    Array<{ id: string; at: unknown; action: string; metadata: Record<string, unknown> | string }>
  >(lists?.audits);
  const automationRows = jsonColumn<
    Array<{
      id: string;
      at: unknown;
      kind: string;
      name: string;
      surname: string;
      message_outcome: string;
      bonus_outcome: string;
    }>
  >(lists?.automations);

  const items: Activity[] = [
    ...stampRows.map((row) => ({
      id: `stamp-${row.id}`,
      kind: 'stamp' as const,
      // A referral's bonus is not a visit, and says so (decision 038).
      message: serverText(
        row.kind === 'referral_bonus'
          ? 'vendor:activity.referralBonus'
          : row.kind === 'automation_bonus'
            ? 'vendor:activity.automationBonus'
            : row.code === PHONE_STAMP_REF
              ? 'vendor:activity.phoneStamp'
              : 'vendor:activity.stamp',
        { customer: shortName(row.name, row.surname), card: row.card, count: row.visit_stamps ?? 1 },
      ),
      at: toIso(row.at),
    })),
    ...rewardRows.map((row) =>
      row.redeemed_at
        ? {
            id: `redeemed-${row.id}`,
            kind: 'reward_redeemed' as const,
            message: serverText('vendor:activity.redeemed', {
              customer: shortName(row.name, row.surname),
              reward: row.title,
            }),
            at: toIso(row.redeemed_at),
          }
        : {
            id: `earned-${row.id}`,
            kind: 'reward_earned' as const,
            message: serverText('vendor:activity.earned', {
              customer: shortName(row.name, row.surname),
              reward: row.title,
            }),
            at: toIso(row.earned_at),
          },
    ),
    ...automationRows.map((row) => ({
      id: `automation-${row.id}`,
      kind: 'automation' as const,
      message: describeAutomationSend({ ...row, customer: shortName(row.name, row.surname) }),
      at: toIso(row.at),
    })),
    ...auditRows.flatMap((row) => {
      const metadata =
        typeof row.metadata === 'string' ? (JSON.parse(row.metadata) as Record<string, unknown>) : (row.metadata ?? {});
      const message = describeForVendor(row.action, metadata);
      return message ? [{ id: `audit-${row.id}`, kind: 'change' as const, message, at: toIso(row.at) }] : [];
    }),
  ];
  return items.sort((a, b) => b.at.localeCompare(a.at)).slice(0, RECENT_ACTIVITY);
}
