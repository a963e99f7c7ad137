import { and, eq, gt, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Executor } from '@server/db/client';
import { qualified } from '@server/db/qualified';
import { loyaltyCards } from '@server/db/schema';
import { conflict } from '@server/errors';
import type { AppError } from '@server/errors';
import { serverText } from '@server/lib/texts';

/*
 * The one home of "is this deal still on" (Daily Chaska cards carry an end time and a stock):
 * the public listings hide an ended deal, joining refuses an ended or sold-out one and takes a
 * unit of stock, and a stamp refuses an ended deal and takes a unit when it adds the card.
 */

/** A deal has ended once its end time has come; a card without one never ends. */
export function dealHasEnded(dealEndsAt: Date | null, now: Date): boolean {
  return dealEndsAt !== null && dealEndsAt.getTime() <= now.getTime();
}

/**
 * SQL form of "the deal of this card row has not ended" at `now` (the app's clock), for lists and
 * correlated queries (qualified by `table`, see public-visibility.ts).
 */
export function dealIsRunning(now: Date, table: { dealEndsAt: AnyColumn } = loyaltyCards): SQL {
  const endsAt = qualified(table.dealEndsAt);
  return sql`(${endsAt} is null or ${endsAt} > ${now.toISOString()}::timestamptz)`;
}

export function dealEndedError(): AppError {
  return conflict(serverText('marketplace:join.dealEnded'), 'deal_ended');
}

export function dealSoldOutError(): AppError {
  return conflict(serverText('marketplace:join.soldOut'), 'sold_out');
}

/**
 * Takes one unit of the card's stock: a conditional UPDATE that matches no row when none is left
 * (or the card keeps no stock), so parallel claims queue on the row lock and the stock never goes
 * below zero. `onlyIf` narrows it further inside a larger statement.
 */
export function takeDealUnit(tx: Executor, cardId: string, onlyIf?: SQL) {
  return tx
    .update(loyaltyCards)
    .set({ stockLeft: sql`${loyaltyCards.stockLeft} - 1` })
    .where(and(eq(loyaltyCards.id, cardId), gt(loyaltyCards.stockLeft, 0), onlyIf))
    .returning({ stockLeft: loyaltyCards.stockLeft });
}
