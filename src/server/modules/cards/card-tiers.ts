import { eq, sql } from 'drizzle-orm';
import {
  TIER_NOTICE_DAYS,
  TIER_WINDOW_DAYS,
  tierLevelFor,
  tierRuleProblems,
  type TierBasis,
  type TierRule,
} from '@shared/cards/earn-rules';
import { cheapestPlanWith, featureNeedsPlanMessage } from '@shared/billing/plans';
import { addPakistanDays, startOfPakistanDay } from '@shared/pakistan-time';
import type { VendorCard } from '@shared/cards/vendor-cards';
import type { Database, Executor } from '@server/db/client';
import { loyaltyCards, stampReversals, stamps, userCards, vendors } from '@server/db/schema';
import { rows } from '@server/db/sql-rows';
import { qualified } from '@server/db/qualified';
import { invalidFields, planRequired } from '@server/errors';
import {
  enqueueJobs,
  handlerOf,
  jobKind,
  newJob,
  NO_PAYLOAD,
  type JobHandler,
  type RecurringJob,
} from '@server/lib/job-queue';
import { applyAfterChange } from '@server/lib/after-change';
import { recordAudit, type AuditActor } from '@server/lib/record-audit';
import { lockOpenVendor } from '@server/modules/billing/vendor-plan';
import { planLimitsForVendor, vendorPlanHas } from '@server/modules/billing/plan-limits-for-vendor';
import { cardHolderStats } from './card-stats';
import { findVendorCardRow } from './list-vendor-cards';
import { presentVendorCard } from './present-card';
import { TIER_NOTICE_JOB } from './tier-notice-job';

/*
 * Tiers (issue 42 part 4, decision 087): a customer's level on a card is reached by their visits
 * (or a points card's points) of the last TIER_WINDOW_DAYS. It rises on the stamp that reaches it
 * (stamps/stamp-card.ts, one read here), and the nightly job works every level out again: a level
 * falls only TIER_NOTICE_DAYS after a notice that it will.
 */

const DAY_MS = 86_400_000;

/** The nightly run: 00:30 Pakistan time, when the day just ended is whole. */
export const TIERS_JOB = jobKind('cards.tiers', NO_PAYLOAD);
const TIERS_RUN_MINUTES = 30;
/** The notice waits for the morning: it goes out at 10:00 Pakistan time, as the automations' do. */
const TIER_NOTICE_HOUR = 10;

export function nextTiersRunAt(after: Date): Date {
  const today = new Date(startOfPakistanDay(after).getTime() + TIERS_RUN_MINUTES * 60_000);
  return today.getTime() > after.getTime() ? today : addPakistanDays(today, 1);
}

export const tiersRecurringJob: RecurringJob = { name: TIERS_JOB.name, next: nextTiersRunAt };

/** The start of the window a level is counted in, ending now. */
export function tierWindowStart(now: Date): Date {
  return new Date(now.getTime() - TIER_WINDOW_DAYS * DAY_MS);
}

/** Visits, or points, of stamp rows: a visit is the first row of an award; a reversed one counts nothing. */
function tierMeasure(basis: TierBasis, since: Date) {
  const inWindow = sql`${qualified(stamps.issuedAt)} > ${since}`;
  return basis === 'points'
    ? sql`coalesce(sum(${qualified(stamps.points)}) filter (where ${inWindow}), 0)::int`
    : sql`(count(*) filter (where ${inWindow}))::int`;
}

const notReversed = sql`not exists (select 1 from ${stampReversals} where ${qualified(stampReversals.stampId)} = ${qualified(stamps.id)})`;

/**
 * The visits or points of one customer's card in the window ending now, before this award: one
 * range read of `stamps_user_card_visits_idx` (the card's visit rows of the 90 days).
 */
export async function readTierCount(tx: Executor, userCardId: string, basis: TierBasis, now: Date): Promise<number> {
  const since = tierWindowStart(now);
  const [row] = await rows<{ count: number }>(
    tx,
    sql`select ${tierMeasure(basis, since)} as count from ${stamps}
        where ${qualified(stamps.userCardId)} = ${userCardId} and ${qualified(stamps.kind)} = 'visit'
          and ${qualified(stamps.issuedAt)} > ${since} and ${notReversed}`,
  );
  return row?.count ?? 0;
}

export interface TierState {
  level: number;
  count: number;
  noticeAt: Date | null;
}

/**
 * The nightly rule for one customer's card: `count` is the window's visits or points now, `lasting`
 * what of them will still be in the window in TIER_NOTICE_DAYS (if nothing more is collected).
 * A level rises at once; it falls only when a notice was sent TIER_NOTICE_DAYS ago or more, and
 * then to what the count reaches. A notice is sent once a fall is in sight, and forgotten when the
 * customer collects enough to keep their level.
 */
export function nextTierState(
  rule: TierRule,
  held: TierState,
  count: number,
  lasting: number,
  now: Date,
): { state: TierState; notice: boolean } {
  const reached = tierLevelFor(rule, count);
  if (reached >= held.level) {
    const fallInSight = tierLevelFor(rule, lasting) < reached;
    const keepNotice = reached === held.level && fallInSight ? held.noticeAt : null;
    const notice = fallInSight && keepNotice === null;
    return { state: { level: reached, count, noticeAt: notice ? now : keepNotice }, notice };
  }
  if (held.noticeAt && now.getTime() - held.noticeAt.getTime() >= TIER_NOTICE_DAYS * DAY_MS - 60 * 60_000) {
    // Fallen: the next fall (if any) is announced on its own.
    return nextTierState(rule, { level: reached, count, noticeAt: null }, count, lasting, now);
  }
  return { state: { ...held, count, noticeAt: held.noticeAt ?? now }, notice: held.noticeAt === null };
}

/** What the customer is told a week before their level falls. */
function downgradeNotice(row: TierRow, rule: TierRule, lasting: number, now: Date) {
  const level = rule.levels[row.tier_level - 1];
  return {
    type: 'tier_downgrade' as const,
    userCardId: row.id,
    vendorName: row.vendor_name,
    cardName: row.card_name,
    levelName: level?.name ?? '',
    basis: rule.basis,
    needs: Math.max(1, (level?.from ?? 0) - lasting),
    endsAt: new Date(now.getTime() + TIER_NOTICE_DAYS * DAY_MS).toISOString(),
  };
}

interface TierRow {
  id: string;
  user_id: string;
  vendor_id: string;
  vendor_name: string;
  card_name: string;
  tiers: TierRule;
  tier_level: number;
  tier_count: number;
  tier_notice_at: Date | string | null;
  count: number;
  lasting: number;
}

/**
 * Every level of tiered cards (one card's, or those of every vendor whose plan has tiers) worked
 * out again at `now`; with `notify`, the notices of a fall in sight, sent at the next TIER_NOTICE_HOUR.
 * Each basis is one statement over the holders and their visit rows of the window.
 */
export async function recomputeTierLevels(
  db: Executor,
  now: Date,
  options: { cardId?: string; notify: boolean },
): Promise<{ changed: number; notices: number }> {
  const since = tierWindowStart(now);
  const lastingSince = new Date(since.getTime() + TIER_NOTICE_DAYS * DAY_MS);
  let changed = 0;
  let notices = 0;
  const levelsChanged: string[] = [];
  for (const basis of ['visits', 'points'] as const) {
    const found = await rows<TierRow>(
      db,
      sql`select ${qualified(userCards.id)} as id, ${qualified(userCards.userId)} as user_id,
                 ${qualified(loyaltyCards.vendorId)} as vendor_id, ${qualified(vendors.businessName)} as vendor_name,
                 ${qualified(loyaltyCards.name)} as card_name, ${qualified(loyaltyCards.tiers)} as tiers,
                 ${qualified(userCards.tierLevel)} as tier_level, ${qualified(userCards.tierCount)} as tier_count,
                 ${qualified(userCards.tierNoticeAt)} as tier_notice_at,
                 ${tierMeasure(basis, since)} as count, ${tierMeasure(basis, lastingSince)} as lasting
          from ${userCards}
          join ${loyaltyCards} on ${qualified(loyaltyCards.id)} = ${qualified(userCards.cardId)}
          join ${vendors} on ${qualified(vendors.id)} = ${qualified(loyaltyCards.vendorId)}
          left join ${stamps} on ${qualified(stamps.userCardId)} = ${qualified(userCards.id)}
            and ${qualified(stamps.kind)} = 'visit' and ${qualified(stamps.issuedAt)} > ${since} and ${notReversed}
          where ${qualified(loyaltyCards.tiers)} ->> 'basis' = ${basis}
            and ${options.cardId ? sql`${qualified(loyaltyCards.id)} = ${options.cardId}` : vendorPlanHas('tiers')}
          group by ${qualified(userCards.id)}, ${qualified(loyaltyCards.id)}, ${qualified(vendors.id)}`,
    );
    const morning = new Date(startOfPakistanDay(now).getTime() + TIER_NOTICE_HOUR * 3_600_000);
    for (const row of found) {
      const held = {
        level: row.tier_level,
        count: row.tier_count,
        noticeAt: row.tier_notice_at === null ? null : new Date(row.tier_notice_at),
      };
      const { state, notice } = options.notify
        ? nextTierState(row.tiers, held, row.count, row.lasting, now)
        : { state: { level: tierLevelFor(row.tiers, row.count), count: row.count, noticeAt: null }, notice: false };
      if (
        state.level !== held.level ||
        state.count !== held.count ||
        state.noticeAt?.getTime() !== held.noticeAt?.getTime()
      ) {
        await db
          .update(userCards)
          .set({ tierLevel: state.level, tierCount: state.count, tierNoticeAt: state.noticeAt })
          .where(eq(userCards.id, row.id));
        changed += 1;
        if (state.level !== held.level) levelsChanged.push(row.id);
      }
      if (notice) {
        notices += 1;
        const key = `tier-downgrade:${row.id}:${now.toISOString().slice(0, 10)}`;
        await enqueueJobs(db, [
          newJob(
            TIER_NOTICE_JOB,
            {
              userId: row.user_id,
              vendorId: row.vendor_id,
              key,
              notice: downgradeNotice(row, row.tiers, row.lasting, now),
            },
            { runAt: morning.getTime() > now.getTime() ? morning : now, uniqueKey: key },
          ),
        ]);
      }
    }
  }
  // The Wallet passes show the level: those whose level changed are newer.
  await applyAfterChange(db, 'tier.changed', { userCardIds: levelsChanged, now });
  return { changed, notices };
}

/** The nightly run over every tiered card, each holder's level in its own small update. */
export function tiersHandler(deps: { db: Database }): JobHandler {
  return handlerOf(TIERS_JOB, {
    async run(_payload, _job, now) {
      await deps.db.transaction((tx) => recomputeTierLevels(tx, now, { notify: true }));
    },
  });
}

/**
 * The owner sets a card's tiers (null turns them off, on any plan). Setting them needs the plan's
 * `tiers`; points are counted only on a points card. The holders' levels are worked out again at
 * once under the new rule, without notices: the vendor changed the rule, not the customer's visits.
 */
export async function saveCardTiers(
  db: Database,
  input: { vendorId: string; actor: AuditActor; cardId: string; tiers: TierRule | null },
  now: Date,
): Promise<VendorCard> {
  return db.transaction(async (tx) => {
    const vendor = await lockOpenVendor(tx, input.vendorId);
    const current = await findVendorCardRow(tx, input.vendorId, input.cardId, { forUpdate: true });
    if (input.tiers && !planLimitsForVendor(vendor).tiers)
      throw planRequired(featureNeedsPlanMessage(cheapestPlanWith('tiers')));
    const problems = input.tiers ? tierRuleProblems(input.tiers, current.earnKind) : {};
    const [first] = Object.entries(problems);
    if (first)
      throw invalidFields(
        first[1],
        Object.fromEntries(Object.entries(problems).map(([field, message]) => [`tiers.${field}`, message])),
      );
    const [card] = await tx
      .update(loyaltyCards)
      .set({ tiers: input.tiers, updatedAt: now })
      .where(eq(loyaltyCards.id, current.id))
      .returning();
    if (input.tiers) await recomputeTierLevels(tx, now, { cardId: current.id, notify: false });
    else
      await tx
        .update(userCards)
        .set({ tierLevel: 0, tierCount: 0, tierNoticeAt: null })
        .where(eq(userCards.cardId, current.id));
    // Every holder's pass shows the new rule's level line, or none.
    await applyAfterChange(tx, 'tier.changed', { cardId: current.id, now });
    await recordAudit(tx, {
      actor: input.actor,
      action: 'card.update',
      targetType: 'loyalty_card',
      targetId: current.id,
      vendorId: input.vendorId,
      metadata: { name: current.name, changed: ['tiers'] },
    });
    const stats = await cardHolderStats(tx, [current.id]);
    return presentVendorCard(card!, stats.get(current.id));
  });
}

/**
 * The level an award at the counter is given at (decision 087): the one the customer holds, or the
 * one their visits or points before this award reach (a rule set since their last stamp).
 */
export async function tierOfAward(
  tx: Executor,
  rule: TierRule,
  userCard: { id: string; tierLevel: number },
  now: Date,
): Promise<{ rule: TierRule; level: number; countBefore: number }> {
  const countBefore = await readTierCount(tx, userCard.id, rule.basis, now);
  return { rule, level: Math.max(userCard.tierLevel, tierLevelFor(rule, countBefore)), countBefore };
}

/** The customer card's tier after the award: this visit (or its points) counted, never lower than held. */
export function tierAfterAward(
  tier: { rule: TierRule; level: number; countBefore: number },
  awardedPoints: number | null,
): { level: number; count: number } {
  const count = tier.countBefore + (tier.rule.basis === 'points' ? (awardedPoints ?? 0) : 1);
  return { level: Math.max(tier.level, tierLevelFor(tier.rule, count)), count };
}

/**
 * A customer card's level after the shop reversed some of its stamps (decision 087): a reversed
 * stamp was never earned, so a level that stood on it (the count before the reversal reached it,
 * the count after does not) falls at once, to what the count after reaches, without a week's
 * notice; the nightly job announces any later fall as usual. A level already held only by its
 * notice week did not stand on the reversed stamps and keeps its week. Never rises.
 */
export function tierAfterReversal(
  rule: TierRule,
  held: TierState,
  countBefore: number,
  countAfter: number,
): TierState & { fell: boolean } {
  const reached = tierLevelFor(rule, countAfter);
  const stoodOnReversed = reached < held.level && tierLevelFor(rule, countBefore) >= held.level;
  return stoodOnReversed
    ? { level: reached, count: countAfter, noticeAt: null, fell: true }
    : { ...held, count: countAfter, fell: false };
}

/**
 * The level of a tiered customer card whose stamps are being reversed, in the reversal's
 * transaction under the customer card's lock: `countBefore` is read before the reversal rows are
 * written, the rest after (`readTierCount` leaves reversed stamps out, as the stamp's own read does).
 */
export async function reviseTierAfterReversal(
  tx: Executor,
  input: { userCardId: string; rule: TierRule; held: TierState; countBefore: number },
  now: Date,
): Promise<TierState & { fell: boolean }> {
  const countAfter = await readTierCount(tx, input.userCardId, input.rule.basis, now);
  const after = tierAfterReversal(input.rule, input.held, input.countBefore, countAfter);
  if (after.level !== input.held.level || after.count !== input.held.count || after.noticeAt !== input.held.noticeAt)
    await tx
      .update(userCards)
      .set({ tierLevel: after.level, tierCount: after.count, tierNoticeAt: after.noticeAt })
      .where(eq(userCards.id, input.userCardId));
  if (after.fell) await applyAfterChange(tx, 'tier.changed', { userCardIds: [input.userCardId], now });
  return after;
}
