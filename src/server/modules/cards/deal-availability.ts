import { and, eq, gt, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Executor } from '@server/db/client';
import { qualified } from '@server/db/qualified';
import { loyaltyCards } from '@server/db/schema';
import { conflict } from '@server/errors';
import type { AppError } from '@server/errors';
import { serverText } from '@server/lib/texts';

/*
 * The one home of "is this deal on" (Daily Chaska cards carry an end time and a stock; an Hourly
 * Chaska deal also a start, decision 033): the public listings hide a deal before its start and
 * after its end (and an hourly deal once sold out), joining refuses a deal that is not on or sold
 * out and takes a unit of stock, and a stamp refuses a deal that is not on and takes a unit when
 * it adds the card.
 */

/** A deal has ended once its end time has come; a card without one never ends. */
export function dealHasEnded(dealEndsAt: Date | null, now: Date): boolean {
  return dealEndsAt !== null && dealEndsAt.getTime() <= now.getTime();
}

/** A deal without a start has always started; an hourly deal once its start has come. */
export function dealHasStarted(dealStartsAt: Date | null, now: Date): boolean {
  return dealStartsAt === null || dealStartsAt.getTime() <= now.getTime();
}

/** Refuses a deal before its start or after its end (joining by code, stamping, counter codes). */
export function assertDealOn(card: { dealStartsAt: Date | null; dealEndsAt: Date | null }, now: Date): void {
  if (!dealHasStarted(card.dealStartsAt, now)) throw dealNotStartedError();
  if (dealHasEnded(card.dealEndsAt, now)) throw dealEndedError();
}

type DealColumns = { dealStartsAt: AnyColumn; dealEndsAt: AnyColumn };

/**
 * SQL form of "the deal of this card row has started and not ended" at `now` (the app's clock),
 * for lists and correlated queries (qualified by `table`, see public-visibility.ts).
 */
export function dealIsRunning(now: Date | SQL, table: DealColumns = loyaltyCards): SQL {
  // A prepared statement passes its own placeholder for the time (vendors/branches.ts nearestVendors).
  const at = now instanceof Date ? sql`${now.toISOString()}::timestamptz` : sql`${now}::timestamptz`;
  const startsAt = qualified(table.dealStartsAt);
  const endsAt = qualified(table.dealEndsAt);
  return sql`((${startsAt} is null or ${startsAt} <= ${at}) and (${endsAt} is null or ${endsAt} > ${at}))`;
}

/** SQL: the deal has not started yet (an hourly deal before its start). */
export function dealIsUpcoming(now: Date, table: DealColumns = loyaltyCards): SQL {
  const startsAt = qualified(table.dealStartsAt);
  return sql`(${startsAt} is not null and ${startsAt} > ${now.toISOString()}::timestamptz)`;
}

/** SQL: what the public listings show, a running deal, and an hourly one only while it has stock. */
export function dealIsListed(now: Date | SQL, table: DealColumns & { stockLeft: AnyColumn } = loyaltyCards): SQL {
  const stockLeft = qualified(table.stockLeft);
  const hourlySoldOut = sql`(${qualified(table.dealStartsAt)} is not null and ${stockLeft} is not null and ${stockLeft} <= 0)`;
  return sql`(${dealIsRunning(now, table)} and not ${hourlySoldOut})`;
}

export function dealEndedError(): AppError {
  return conflict(serverText('marketplace:join.dealEnded'), 'deal_ended');
}

export function dealNotStartedError(): AppError {
  return conflict(serverText('marketplace:join.dealNotStarted'), 'deal_not_started');
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
