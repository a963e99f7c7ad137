import { eq } from 'drizzle-orm';
import type { CardFields, VendorCard } from '@shared/cards/vendor-cards';
import type { Database } from '@server/db/client';
import { loyaltyCards } from '@server/db/schema';
import { recordAudit, type AuditActor } from '@server/lib/record-audit';
import { lockOpenVendor } from '@server/modules/billing/vendor-plan';
import { hourlyDealProblems } from '@shared/cards/hourly-deals';
import { invalidFields } from '@server/errors';
import { assertCardAllowedByPlan, assertCardMayBeActive } from './card-plan-rules';
import { assertCardEditable } from './card-transitions';
import { cardHolderStats } from './card-stats';
import { findVendorCardRow } from './list-vendor-cards';
import { presentVendorCard } from './present-card';
import { applyAfterChange } from '@server/lib/after-change';
import { assertChoosableBranches } from '@server/modules/vendors/branches';

/** Deal fields belong to Daily Chaska cards and the fee to exclusive cards; other types store none. */
function columnsFor(card: CardFields) {
  const isDeal = card.cardType === 'daily_chaska';
  const dealStartsAt = isDeal && card.dealStartsAt ? new Date(card.dealStartsAt) : null;
  return {
    name: card.name,
    description: card.description,
    cardType: card.cardType,
    earnKind: card.earnKind,
    stampsRequired: card.stampsRequired,
    // Only a points card has a rate and a minimum bill, only a per-item card a most per order.
    pointsPer100Pkr: card.earnKind === 'points' ? card.pointsPer100Pkr : null,
    minBillPkr: card.earnKind === 'points' ? card.minBillPkr : 0,
    maxItemsPerVisit: card.earnKind === 'item' ? card.maxItemsPerVisit : null,
    headStartStamps: card.headStartStamps,
    milestones: [...card.milestones].sort((a, b) => a.at - b.at),
    rewardTitle: card.rewardTitle,
    rewardDescription: card.rewardDescription,
    rewardValue: card.rewardValue,
    minStampIntervalMinutes: card.minStampIntervalMinutes,
    dailyStampCap: card.dailyStampCap,
    rewardExpiryDays: card.rewardExpiryDays,
    dealPrice: isDeal ? card.dealPrice : null,
    originalPrice: isDeal ? card.originalPrice : null,
    stockLeft: isDeal ? card.stockLeft : null,
    dealEndsAt: isDeal && card.dealEndsAt ? new Date(card.dealEndsAt) : null,
    dealStartsAt,
    membershipFeeYearly: card.cardType === 'exclusive' ? card.membershipFeeYearly : null,
    branchIds: card.branchIds,
  };
}

/**
 * An hourly deal's window, when it is set or moved, may not start before now (the shape of the
 * window is checked by the schema already, hourlyDealProblems without a clock). `prefix` names
 * the field as the request body does ("card." on create). An unchanged window (an edit of a
 * running deal's stock or price) keeps its start.
 */
function assertHourlyWindow(
  columns: ReturnType<typeof columnsFor>,
  previousStart: Date | null,
  now: Date,
  prefix: string,
): void {
  const { dealStartsAt, dealEndsAt } = columns;
  if (!dealStartsAt || !dealEndsAt) return;
  if (previousStart && previousStart.getTime() === dealStartsAt.getTime()) return;
  const problems = hourlyDealProblems(
    { startsAt: dealStartsAt, endsAt: dealEndsAt, stockLeft: columns.stockLeft },
    now,
  );
  const entries = Object.entries(problems);
  if (entries.length === 0) return;
  const fields = Object.fromEntries(entries.map(([field, message]) => [`${prefix}${field}`, message]));
  throw invalidFields(entries.map(([field, message]) => `${prefix}${field}: ${message}`).join(' '), fields);
}

export async function createVendorCard(
  db: Database,
  {
    vendorId,
    actor,
    card: fields,
    saveAs,
  }: { vendorId: string; actor: AuditActor; card: CardFields; saveAs: 'active' | 'draft' },
  now: Date,
): Promise<VendorCard> {
  return db.transaction(async (tx) => {
    const vendor = await lockOpenVendor(tx, vendorId);
    const columns = columnsFor(fields);
    // The plan decides the card's type (and an hourly deal) even for a draft, and its limit for an active card.
    if (saveAs === 'active') await assertCardMayBeActive(tx, vendor, columns);
    else assertCardAllowedByPlan(vendor, columns);
    assertHourlyWindow(columns, null, now, 'card.');
    await assertChoosableBranches(tx, vendorId, columns.branchIds, 'card.branchIds');
    const [card] = await tx
      .insert(loyaltyCards)
      .values({ vendorId, ...columns, status: saveAs, createdAt: now, updatedAt: now })
      .returning();
    await recordAudit(tx, {
      actor,
      action: 'card.create',
      targetType: 'loyalty_card',
      targetId: card!.id,
      vendorId,
      metadata: { name: card!.name, status: card!.status, cardType: card!.cardType },
    });
    await applyAfterChange(tx, 'card.changed', { card: card!, change: 'created', changedFields: [], now });
    return presentVendorCard(card!);
  });
}

export async function updateVendorCard(
  db: Database,
  { vendorId, actor, cardId, fields }: { vendorId: string; actor: AuditActor; cardId: string; fields: CardFields },
  now: Date,
): Promise<VendorCard> {
  return db.transaction(async (tx) => {
    const vendor = await lockOpenVendor(tx, vendorId);
    const current = await findVendorCardRow(tx, vendorId, cardId, { forUpdate: true });
    assertCardEditable(current.status);
    // How a card earns is chosen once: its holders' stamps or points mean what they meant (decision 085).
    if (fields.earnKind !== current.earnKind) {
      const message = 'How a card earns cannot be changed after it is created. Create a new card instead.';
      throw invalidFields(message, { earnKind: message });
    }
    const columns = columnsFor(fields);
    // Changing to a type (or an hourly deal) the plan does not include is refused; a card paused
    // when the plan lost it may still be edited, and stays paused until the plan allows it again.
    const hourlyBefore = current.cardType === 'daily_chaska' && current.dealStartsAt !== null;
    const hourlyAfter = columns.dealStartsAt !== null;
    if (fields.cardType !== current.cardType || hourlyAfter !== hourlyBefore || current.status === 'active')
      assertCardAllowedByPlan(vendor, columns);
    assertHourlyWindow(columns, current.dealStartsAt, now, '');
    await assertChoosableBranches(tx, vendorId, columns.branchIds, 'branchIds');
    // A window moved to a later start is announced again when it starts (announce-hourly-deals.ts).
    const movedStart =
      columns.dealStartsAt !== null && columns.dealStartsAt.getTime() !== current.dealStartsAt?.getTime();
    const [card] = await tx
      .update(loyaltyCards)
      .set({ ...columns, ...(movedStart ? { dealAnnouncedAt: null } : {}), updatedAt: now })
      .where(eq(loyaltyCards.id, current.id))
      .returning();
    const changed = Object.entries(columns)
      .filter(([key, value]) => String(current[key as keyof typeof current] ?? '') !== String(value ?? ''))
      .map(([key]) => key);
    await recordAudit(tx, {
      actor,
      action: 'card.update',
      targetType: 'loyalty_card',
      targetId: card!.id,
      vendorId,
      metadata: { name: card!.name, changed },
    });
    // The vendor API's webhooks, and the holders' Wallet passes when they show what changed.
    await applyAfterChange(tx, 'card.changed', { card: card!, change: 'edited', changedFields: changed, now });
    const stats = await cardHolderStats(tx, [card!.id]);
    return presentVendorCard(card!, stats.get(card!.id));
  });
}
