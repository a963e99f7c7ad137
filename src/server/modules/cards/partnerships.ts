import { and, asc, count, eq, gte, inArray, isNull, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import {
  PARTNER_MESSAGES,
  partnerCardsLockedMessage,
  type CardPartnerList,
  type PartnerInvitation,
  type PartnerInvitationList,
  type PartnerShare,
  type PartnerStatus,
} from '@shared/cards/partner-cards';
import { fieldText } from '@shared/field-messages';
import { branchAllowed } from '@shared/vendors/branches';
import type { Database, Executor } from '@server/db/client';
import { cardPartners, loyaltyCards, rewards, stamps, vendors } from '@server/db/schema';
import { conflict, notFound, planRequired } from '@server/errors';
import type { AuditAction } from '@server/lib/audit-actions';
import { recordAudit, type AuditActor } from '@server/lib/record-audit';
import { planLimitsForVendor } from '@server/modules/billing/plan-limits-for-vendor';
import { findVendorCardRow } from '@server/modules/cards/list-vendor-cards';

/**
 * The one home of "which cards a vendor honours": its own, and the cards whose owner invited it
 * and whose invitation it accepted. Stamps, counter codes, the Issue Stamp screen and reward
 * redemption all ask this.
 */
export function cardHonouredBy(vendorId: string): SQL {
  return sql`(${loyaltyCards.vendorId} = ${vendorId} or exists (select 1 from ${cardPartners} where ${cardPartners.cardId} = ${loyaltyCards.id} and ${cardPartners.vendorId} = ${vendorId} and ${cardPartners.status} = 'accepted'))`;
}

/**
 * Cards the public vendor with this page address honours: its own, and partner cards it accepted.
 * Both sides are worded as values the cards' indexes can look up (the vendor's id, the accepted
 * cards' ids), so PostgreSQL reads only those cards whatever it knows of the tables: an OR of the
 * joined vendor's slug and a correlated EXISTS was planned, once card_partners had statistics, as
 * a scan of every card and vendor (0.03 ms -> 44 ms for one vendor page).
 */
export function cardHonouredByVendorSlug(slug: string): SQL {
  return sql`(${loyaltyCards.vendorId} = (select page_vendor.id from ${vendors} as page_vendor where page_vendor.slug = ${slug})
    or ${loyaltyCards.id} = any(array(select ${cardPartners.cardId} from ${cardPartners}
      inner join ${vendors} as partner_vendor on partner_vendor.id = ${cardPartners.vendorId}
      where ${cardPartners.status} = 'accepted' and partner_vendor.slug = ${slug})))`;
}

/**
 * A card is honoured at every branch of its owner, or at the ones the owner chose (decision 089):
 * a stamp, a counter code or a redemption at another of the owner's branches is refused, and so is
 * one by a counter that names no branch (a point of sale that sends no `branchId`): where it
 * stands is unknown, so it cannot show that it is one of the chosen. A partner's counters are the
 * partnership's. A business with one open branch always names it (`counterBranch`).
 */
export function assertCardHonouredAtBranch(
  card: { vendorId: string; branchIds: readonly string[] | null },
  counter: { vendorId: string; branchId?: string | undefined },
): void {
  if (card.branchIds === null || counter.vendorId !== card.vendorId) return;
  if (!counter.branchId) throw conflict(fieldText('forms:branch.cardNeedsBranch'), 'card_unavailable');
  if (!branchAllowed(card.branchIds, counter.branchId))
    throw conflict(fieldText('forms:branch.cardNotHere'), 'card_unavailable');
}

/** Whether the vendor honours the card (owner or accepted partner). */
export async function vendorHonoursCard(db: Executor, vendorId: string, cardId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: loyaltyCards.id })
    .from(loyaltyCards)
    .where(and(eq(loyaltyCards.id, cardId), cardHonouredBy(vendorId)))
    .limit(1);
  return row !== undefined;
}

export interface HonouringVendor {
  vendorId: string;
  businessName: string;
  slug: string;
}

/**
 * The accepted partners of each card that has any, in the order they were invited, among the
 * vendors still approved and open: what "Honoured at" and the public listings show after the owner.
 */
const partnerShown = and(
  eq(cardPartners.status, 'accepted'),
  eq(vendors.status, 'approved'),
  isNull(vendors.closedAt),
) as SQL;

/**
 * The same partners of one card (`cardId`, a column of the outer query) as a JSON array of
 * `{ name, slug }`, for a read that builds its answer in one statement (the customer dashboard).
 */
export function acceptedPartnersJson(cardId: SQL | AnyColumn): SQL {
  return sql`coalesce((select json_agg(json_build_object('name', ${vendors.businessName}, 'slug', ${vendors.slug}) order by ${cardPartners.invitedAt})
    from ${cardPartners} inner join ${vendors} on ${vendors.id} = ${cardPartners.vendorId}
    where ${cardPartners.cardId} = ${cardId} and ${partnerShown}), '[]'::json)`;
}

export async function acceptedPartnersOf(
  db: Executor,
  cardIds: readonly string[],
): Promise<Map<string, HonouringVendor[]>> {
  const byCard = new Map<string, HonouringVendor[]>();
  if (cardIds.length === 0) return byCard;
  const rows = await db
    .select({
      cardId: cardPartners.cardId,
      vendorId: vendors.id,
      businessName: vendors.businessName,
      slug: vendors.slug,
    })
    .from(cardPartners)
    .innerJoin(vendors, eq(vendors.id, cardPartners.vendorId))
    .where(and(inArray(cardPartners.cardId, [...cardIds]), partnerShown))
    .orderBy(asc(cardPartners.invitedAt));
  for (const { cardId, ...partner } of rows) byCard.set(cardId, [...(byCard.get(cardId) ?? []), partner]);
  return byCard;
}

/** The owner's view of one card's partners, every status, in the order they were invited. */
export async function listCardPartners(db: Executor, ownerVendorId: string, cardId: string): Promise<CardPartnerList> {
  await findVendorCardRow(db, ownerVendorId, cardId);
  const rows = await db
    .select({
      vendorId: vendors.id,
      businessName: vendors.businessName,
      slug: vendors.slug,
      status: cardPartners.status,
      invitedAt: cardPartners.invitedAt,
      respondedAt: cardPartners.respondedAt,
    })
    .from(cardPartners)
    .innerJoin(vendors, eq(vendors.id, cardPartners.vendorId))
    .where(eq(cardPartners.cardId, cardId))
    .orderBy(asc(cardPartners.invitedAt));
  return {
    partners: rows.map((row) => ({
      ...row,
      status: row.status as PartnerStatus,
      invitedAt: row.invitedAt.toISOString(),
      respondedAt: row.respondedAt?.toISOString() ?? null,
    })),
    shares: await cardShares(db, ownerVendorId, cardId),
  };
}

/**
 * Each honouring vendor's share of the card, all time or since `from`: stamps by
 * `stamps.vendor_id` (the issuer) and redemptions by `rewards.redeemed_by_vendor_id`. The owner
 * first, then by stamps. My Cards shows it all time; the owner's analytics for the card, for the range.
 */
export async function cardShares(
  db: Executor,
  ownerVendorId: string,
  cardId: string,
  from?: Date,
): Promise<PartnerShare[]> {
  const [stampRows, redemptionRows] = await Promise.all([
    db
      .select({ vendorId: stamps.vendorId, value: count() })
      .from(stamps)
      .where(and(eq(stamps.cardId, cardId), from ? gte(stamps.issuedAt, from) : undefined))
      .groupBy(stamps.vendorId),
    db
      .select({ vendorId: rewards.redeemedByVendorId, value: count() })
      .from(rewards)
      .where(
        and(
          eq(rewards.cardId, cardId),
          eq(rewards.status, 'redeemed'),
          from ? gte(rewards.redeemedAt, from) : undefined,
        ),
      )
      .groupBy(rewards.redeemedByVendorId),
  ]);
  const stampsBy = new Map(stampRows.map((row) => [row.vendorId, Number(row.value)]));
  // Rewards redeemed before partner cards existed name no vendor: the owner honoured them.
  const redemptionsBy = new Map<string, number>();
  for (const row of redemptionRows) {
    const vendorId = row.vendorId ?? ownerVendorId;
    redemptionsBy.set(vendorId, (redemptionsBy.get(vendorId) ?? 0) + Number(row.value));
  }
  // Accepted partners are listed even before their first stamp in the period.
  const accepted = (await acceptedPartnersOf(db, [cardId])).get(cardId) ?? [];
  const vendorIds = [
    ...new Set([
      ownerVendorId,
      ...accepted.map((partner) => partner.vendorId),
      ...stampsBy.keys(),
      ...redemptionsBy.keys(),
    ]),
  ];
  const names = await db
    .select({ id: vendors.id, businessName: vendors.businessName })
    .from(vendors)
    .where(inArray(vendors.id, vendorIds));
  const nameOf = new Map(names.map((row) => [row.id, row.businessName]));
  return vendorIds
    .map((vendorId) => ({
      vendorId,
      businessName: nameOf.get(vendorId) ?? '',
      stamps: stampsBy.get(vendorId) ?? 0,
      redemptions: redemptionsBy.get(vendorId) ?? 0,
    }))
    .sort((a, b) => Number(b.vendorId === ownerVendorId) - Number(a.vendorId === ownerVendorId) || b.stamps - a.stamps);
}

/** Owners invite from Standard up (decision 023); the refusal names the cheapest plan that can. */
function assertPlanAllowsPartnerCards(vendor: {
  subscriptionPlan: string | null;
  subscriptionStatus: string | null;
}): void {
  if (planLimitsForVendor(vendor).partnerCards) return;
  throw planRequired(partnerCardsLockedMessage());
}

/**
 * The owner invites an approved, open vendor to honour one of its cards, found by the name in
 * its page address (slug) or its exact business name. Not itself, not twice; a vendor that
 * declined, left or was removed may be invited again.
 */
export async function invitePartner(
  db: Database,
  {
    owner,
    cardId,
    partnerName,
  }: { owner: { vendorId: string; actor: AuditActor }; cardId: string; partnerName: string },
  now: Date,
): Promise<CardPartnerList> {
  await db.transaction(async (tx) => {
    const [ownerVendor] = await tx
      .select({ subscriptionPlan: vendors.subscriptionPlan, subscriptionStatus: vendors.subscriptionStatus })
      .from(vendors)
      .where(eq(vendors.id, owner.vendorId))
      .for('update');
    if (!ownerVendor) throw notFound('Vendor not found');
    assertPlanAllowsPartnerCards(ownerVendor);
    const card = await findVendorCardRow(tx, owner.vendorId, cardId, { forUpdate: true });
    if (card.status === 'archived') throw notFound('Loyalty card not found');
    const wanted = partnerName.trim().toLowerCase();
    const [partner] = await tx
      .select({ id: vendors.id, businessName: vendors.businessName })
      .from(vendors)
      .where(
        and(
          eq(vendors.status, 'approved'),
          isNull(vendors.closedAt),
          or(eq(vendors.slug, wanted), eq(sql`lower(${vendors.businessName})`, wanted)),
        ),
      )
      .orderBy(sql`${vendors.slug} = ${wanted} desc`)
      .limit(1);
    if (!partner) throw notFound(PARTNER_MESSAGES.notFound, 'partner_not_found');
    if (partner.id === owner.vendorId) throw conflict(PARTNER_MESSAGES.self, 'partner_is_owner');
    const [existing] = await tx
      .select({ status: cardPartners.status })
      .from(cardPartners)
      .where(and(eq(cardPartners.cardId, cardId), eq(cardPartners.vendorId, partner.id)))
      .limit(1);
    if (existing && (existing.status === 'invited' || existing.status === 'accepted')) {
      throw conflict(PARTNER_MESSAGES.duplicate(partner.businessName), 'partner_exists');
    }
    await tx
      .insert(cardPartners)
      .values({ cardId, vendorId: partner.id, status: 'invited', invitedAt: now, invitedBy: owner.actor.userId })
      .onConflictDoUpdate({
        target: [cardPartners.cardId, cardPartners.vendorId],
        set: { status: 'invited', invitedAt: now, invitedBy: owner.actor.userId, respondedAt: null },
      });
    await recordAudit(tx, {
      actor: owner.actor,
      action: 'partner.invite',
      targetType: 'loyalty_card',
      targetId: cardId,
      vendorId: owner.vendorId,
      metadata: { cardName: card.name, partnerVendorId: partner.id, partnerName: partner.businessName },
    });
  });
  return listCardPartners(db, owner.vendorId, cardId);
}

/** The owner withdraws an invitation or removes a partner: from then on it cannot stamp or redeem the card. */
export async function removePartner(
  db: Database,
  {
    owner,
    cardId,
    partnerVendorId,
  }: { owner: { vendorId: string; actor: AuditActor }; cardId: string; partnerVendorId: string },
  now: Date,
): Promise<CardPartnerList> {
  await db.transaction(async (tx) => {
    const card = await findVendorCardRow(tx, owner.vendorId, cardId);
    const removed = await tx
      .update(cardPartners)
      .set({ status: 'removed', respondedAt: now })
      .where(
        and(
          eq(cardPartners.cardId, cardId),
          eq(cardPartners.vendorId, partnerVendorId),
          inArray(cardPartners.status, ['invited', 'accepted']),
        ),
      )
      .returning({ id: cardPartners.id });
    if (removed.length === 0) throw notFound('Partner not found');
    const [partner] = await tx
      .select({ businessName: vendors.businessName })
      .from(vendors)
      .where(eq(vendors.id, partnerVendorId))
      .limit(1);
    await recordAudit(tx, {
      actor: owner.actor,
      action: 'partner.remove',
      targetType: 'loyalty_card',
      targetId: cardId,
      vendorId: owner.vendorId,
      metadata: { cardName: card.name, partnerVendorId, partnerName: partner?.businessName ?? '' },
    });
  });
  return listCardPartners(db, owner.vendorId, cardId);
}

/** The invitations waiting for this vendor and the partner cards it honours. */
export async function listPartnerInvitations(db: Executor, vendorId: string): Promise<PartnerInvitationList> {
  const rows = await db
    .select({
      cardId: loyaltyCards.id,
      cardName: loyaltyCards.name,
      cardStatus: loyaltyCards.status,
      stampsRequired: loyaltyCards.stampsRequired,
      rewardTitle: loyaltyCards.rewardTitle,
      ownerName: vendors.businessName,
      status: cardPartners.status,
      invitedAt: cardPartners.invitedAt,
    })
    .from(cardPartners)
    .innerJoin(loyaltyCards, eq(loyaltyCards.id, cardPartners.cardId))
    .innerJoin(vendors, eq(vendors.id, loyaltyCards.vendorId))
    .where(and(eq(cardPartners.vendorId, vendorId), inArray(cardPartners.status, ['invited', 'accepted'])))
    .orderBy(asc(cardPartners.invitedAt));
  const present = (row: (typeof rows)[number]): PartnerInvitation => ({
    ...row,
    cardStatus: row.cardStatus,
    status: row.status as PartnerStatus,
    invitedAt: row.invitedAt.toISOString(),
  });
  return {
    invitations: rows.filter((row) => row.status === 'invited').map(present),
    honouring: rows.filter((row) => row.status === 'accepted').map(present),
  };
}

const RESPONSE_MOVES: Record<
  'accept' | 'decline' | 'leave',
  { from: PartnerStatus; to: PartnerStatus; refusal: string; audit: AuditAction }
> = {
  accept: { from: 'invited', to: 'accepted', refusal: PARTNER_MESSAGES.noInvitation, audit: 'partner.accept' },
  decline: { from: 'invited', to: 'declined', refusal: PARTNER_MESSAGES.noInvitation, audit: 'partner.decline' },
  leave: { from: 'accepted', to: 'left', refusal: PARTNER_MESSAGES.notPartner, audit: 'partner.leave' },
};

/** The invited vendor accepts or declines; a partner may leave later. Nobody else can answer for it. */
export async function respondToInvitation(
  db: Database,
  {
    partner,
    cardId,
    response,
  }: { partner: { vendorId: string; actor: AuditActor }; cardId: string; response: keyof typeof RESPONSE_MOVES },
  now: Date,
): Promise<PartnerInvitationList> {
  const move = RESPONSE_MOVES[response];
  await db.transaction(async (tx) => {
    const moved = await tx
      .update(cardPartners)
      .set({ status: move.to, respondedAt: now })
      .where(
        and(
          eq(cardPartners.cardId, cardId),
          eq(cardPartners.vendorId, partner.vendorId),
          eq(cardPartners.status, move.from),
        ),
      )
      .returning({ id: cardPartners.id });
    if (moved.length === 0) throw notFound(move.refusal);
    const [card] = await tx
      .select({ name: loyaltyCards.name })
      .from(loyaltyCards)
      .where(eq(loyaltyCards.id, cardId))
      .limit(1);
    await recordAudit(tx, {
      actor: partner.actor,
      action: move.audit,
      targetType: 'loyalty_card',
      targetId: cardId,
      vendorId: partner.vendorId,
      metadata: { cardName: card?.name ?? '' },
    });
  });
  return listPartnerInvitations(db, partner.vendorId);
}
