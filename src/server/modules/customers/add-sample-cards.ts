import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { SampleCardsResult } from '@shared/customers/customer';
import type { Database } from '@server/db/client';
import { loyaltyCards, stamps, userCards, users, vendors } from '@server/db/schema';
import { notFound } from '@server/errors';
import { recordAudit, type AuditActor } from '@server/lib/record-audit';
import { notifyLive } from '@server/modules/notifications/notify-live';
import { serverText } from '@server/lib/texts';

/** SPEC.md section 9: up to 3 active sample cards, each with 1 to 3 stamps. */
export const MAX_SAMPLE_CARDS = 3;
const MAX_SAMPLE_STAMPS = 3;
const DAY_MS = 24 * 60 * 60 * 1000;

function randomInt(min: number, max: number): number {
  return min + Math.floor(Math.random() * (max - min + 1));
}

/**
 * Demo mode, for a customer with no cards yet: real user cards on the demo vendors' cards, with
 * a few stamps dated over the last days, marked as samples so the dashboard can say so. Runs once
 * per customer: the user row is locked, and a customer who holds any card gets nothing.
 */
export async function addSampleCards(
  db: Database,
  actor: AuditActor & { userId: string },
  options: { demoMode: boolean; now: Date },
): Promise<SampleCardsResult> {
  if (!options.demoMode) throw notFound('Sample cards are only available in demo mode.');
  const now = options.now;
  const userId = actor.userId;
  return db.transaction(async (tx) => {
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    if (!user) throw notFound('Account not found');
    const [held] = await tx.select({ value: count() }).from(userCards).where(eq(userCards.userId, userId));
    if ((held?.value ?? 0) > 0) return { added: 0, message: serverText('customer:samples.alreadyHeld') };

    const candidates = await tx
      .select({ id: loyaltyCards.id, vendorId: loyaltyCards.vendorId, stampsRequired: loyaltyCards.stampsRequired })
      .from(loyaltyCards)
      .innerJoin(vendors, eq(vendors.id, loyaltyCards.vendorId))
      .where(
        and(
          eq(loyaltyCards.status, 'active'),
          eq(vendors.status, 'approved'),
          isNull(vendors.closedAt),
          // The demo shops only: never a vendor who applied, whatever its name.
          eq(vendors.isDemo, true),
          // A sample card must not be complete already: it needs at least one stamp to go.
          gt(loyaltyCards.stampsRequired, 1),
        ),
      )
      .orderBy(sql`random()`)
      .limit(MAX_SAMPLE_CARDS);
    if (candidates.length === 0) throw notFound('No loyalty cards available', 'no_cards_available');

    for (const card of candidates) {
      const stampCount = randomInt(1, Math.min(MAX_SAMPLE_STAMPS, card.stampsRequired - 1));
      // One stamp a day on the days before today, so the card's interval allows a stamp now.
      const stampTimes = Array.from(
        { length: stampCount },
        (_, index) => new Date(now.getTime() - (stampCount - index) * DAY_MS),
      );
      const [userCard] = await tx
        .insert(userCards)
        .values({
          userId,
          cardId: card.id,
          stampsCollected: stampCount,
          status: 'active',
          isSample: true,
          startedAt: stampTimes[0]!,
          lastStampAt: stampTimes.at(-1)!,
          createdAt: stampTimes[0]!,
        })
        .returning({ id: userCards.id });
      await tx.insert(stamps).values(
        stampTimes.map((issuedAt) => ({
          userCardId: userCard!.id,
          vendorId: card.vendorId,
          cardId: card.id,
          userId,
          qrCode: 'sample',
          issuedAt,
          // Written now, issued on the days before: the settled days change (decision 091).
          createdAt: now,
          createdBy: null,
        })),
      );
    }
    await recordAudit(tx, {
      actor,
      action: 'customer.sample_cards',
      targetType: 'user',
      targetId: userId,
      metadata: { cardIds: candidates.map((card) => card.id) },
    });
    await notifyLive(tx, userId, { type: 'cards.changed' });
    const added = candidates.length;
    return {
      added,
      message: serverText('customer:samples.ready', { count: added }),
    };
  });
}
