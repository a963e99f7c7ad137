import { and, eq, sql } from 'drizzle-orm';
import type { CardCode, RotatingCode } from '@shared/stamps/stamps';
import { counterLink } from '@shared/stamps/codes';
import type { Executor } from '@server/db/client';
import { loyaltyCards, userCards, vendors } from '@server/db/schema';
import { conflict, notFound } from '@server/errors';
import { assertDealOn } from '@server/modules/cards/deal-availability';
import { assertCardHonouredAtBranch, cardHonouredBy } from '@server/modules/cards/partnerships';
import { mintCode, type MintedCode } from './mint-code';
import { describeNextStampTime, nextStampAllowedAt } from './next-stamp-time';
import { orderOf } from './stamp-rules';
import type { StampCodeSettings } from './stamp-code-settings';
import { serverText } from '@server/lib/texts';

/** The card code the screens get: the rotating code and, beside it, the id its live events name. */
function cardCodeOf(
  card: { id: string; name: string },
  minted: MintedCode,
  order: { quantity: number; maxStampsPerVisit: number } = { quantity: 1, maxStampsPerVisit: 1 },
): CardCode {
  const { codeId, ...code } = minted;
  return { card: { id: card.id, name: card.name }, code, codeId, ...order };
}

/**
 * The rotating code a vendor's counter screen shows for one of the active cards it honours (its
 * own or a partner card). For an order of several stamps (`quantity`, within what the vendor
 * allows), the code gives that many and its signature binds them: the customer cannot change it.
 */
export async function mintCounterCode(
  db: Executor,
  settings: StampCodeSettings,
  {
    vendorId,
    cardId,
    quantity = 1,
    branchId,
  }: { vendorId: string; cardId: string; quantity?: number; branchId?: string | undefined },
  now: Date,
): Promise<CardCode> {
  const [card] = await db
    .select({
      id: loyaltyCards.id,
      name: loyaltyCards.name,
      status: loyaltyCards.status,
      dealStartsAt: loyaltyCards.dealStartsAt,
      dealEndsAt: loyaltyCards.dealEndsAt,
      earnKind: loyaltyCards.earnKind,
      pointsPer100Pkr: loyaltyCards.pointsPer100Pkr,
      minBillPkr: loyaltyCards.minBillPkr,
      maxItemsPerVisit: loyaltyCards.maxItemsPerVisit,
      vendorId: loyaltyCards.vendorId,
      branchIds: loyaltyCards.branchIds,
      maxStampsPerVisit: sql<number>`(select ${vendors.maxStampsPerVisit} from ${vendors} where ${vendors.id} = ${vendorId})`,
    })
    .from(loyaltyCards)
    .where(and(eq(loyaltyCards.id, cardId), cardHonouredBy(vendorId)))
    .limit(1);
  if (!card) throw notFound('Loyalty card not found');
  if (card.status !== 'active') {
    throw conflict('Only active cards can take stamps. Activate this card first.', 'card_unavailable');
  }
  assertDealOn(card, now);
  // A points card earns by the bill, which staff enter after scanning the customer's My QR.
  if (card.earnKind === 'points')
    throw conflict(
      'A points card earns by the bill: scan the customer’s My QR code and enter the bill amount.',
      'card_unavailable',
    );
  const maxStampsPerVisit = card.earnKind === 'item' ? (card.maxItemsPerVisit ?? 1) : Number(card.maxStampsPerVisit);
  orderOf({ ...card, issuer: { maxStampsPerVisit } }, { quantity }, 'staff');
  // The branch itself, and whether the staff member works there, were decided by counterBranch.
  assertCardHonouredAtBranch(card, { vendorId, branchId });
  const minted = await mintCode(
    db,
    settings.key,
    { kind: 'counter', cardId, vendorId, quantity, ...(branchId ? { branchId } : {}) },
    now,
  );
  // A link, so a phone's own camera opens the page that collects the stamp (/c/<code>).
  return cardCodeOf(
    card,
    { ...minted, qrPayload: counterLink(settings.publicUrl, minted.qrPayload) },
    { quantity, maxStampsPerVisit },
  );
}

/** The customer's own rotating code (My QR), for vendor staff to scan. */
export async function mintCustomerCode(
  db: Executor,
  settings: StampCodeSettings,
  userId: string,
  now: Date,
): Promise<RotatingCode> {
  const { codeId: _kept, ...code } = await mintCode(db, settings.key, { kind: 'customer', userId }, now);
  return code;
}

/**
 * Demo mode's "use a demo code": the server plays the vendor and mints a counter code for a
 * random card the customer holds at a demo shop (never at a vendor who applied) whose interval
 * allows a stamp now; the customer then collects with it like any scanned code.
 */
export async function mintDemoCode(
  db: Executor,
  settings: StampCodeSettings,
  userId: string,
  now: Date,
): Promise<CardCode> {
  if (!settings.demoMode) throw notFound('Demo codes are only available in demo mode.');
  const held = await db
    .select({
      id: loyaltyCards.id,
      name: loyaltyCards.name,
      vendorId: loyaltyCards.vendorId,
      userCardStatus: userCards.status,
      cardStatus: loyaltyCards.status,
      vendorStatus: vendors.status,
      vendorClosedAt: vendors.closedAt,
      lastStampAt: userCards.lastStampAt,
      minStampIntervalMinutes: loyaltyCards.minStampIntervalMinutes,
    })
    .from(userCards)
    .innerJoin(loyaltyCards, eq(loyaltyCards.id, userCards.cardId))
    .innerJoin(vendors, eq(vendors.id, loyaltyCards.vendorId))
    .where(and(eq(userCards.userId, userId), eq(vendors.isDemo, true)));
  if (held.length === 0) throw notFound(serverText('customer:scanner.noCards'), 'no_cards');
  const open = held.filter(
    (card) =>
      card.userCardStatus === 'active' &&
      card.cardStatus === 'active' &&
      card.vendorStatus === 'approved' &&
      !card.vendorClosedAt,
  );
  if (open.length === 0) {
    throw conflict('All your cards are complete. Redeem your rewards to start collecting again.', 'no_open_cards');
  }
  const waits = open.map((candidate) => ({
    candidate,
    nextAt: nextStampAllowedAt(candidate.lastStampAt, candidate.minStampIntervalMinutes, now),
  }));
  const ready = waits.filter((wait) => wait.nextAt === null).map((wait) => wait.candidate);
  const card = ready[Math.floor(Math.random() * ready.length)];
  if (!card) {
    const soonest = new Date(Math.min(...waits.map((wait) => wait.nextAt!.getTime())));
    throw conflict(
      `You collected stamps on all your cards recently. Your next demo stamp is possible ${describeNextStampTime(soonest, now)}.`,
      'stamp_too_soon',
    );
  }
  return cardCodeOf(
    card,
    await mintCode(db, settings.key, { kind: 'demo', cardId: card.id, vendorId: card.vendorId }, now),
  );
}
