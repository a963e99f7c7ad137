import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CardPage } from '@shared/marketplace/marketplace';
import type { PlanId } from '@shared/billing/plans';
import { vendors } from '@server/db/schema';
import { useTestApp } from '@server/test/build-test-app';
import { createCard, createVendor } from '@server/test/factories';

/**
 * Priority Chaska placement (decision 033): Enterprise vendors' cards first, then the admin's
 * featured order, then newest, with (created_at, id) breaking ties, paged by a keyset cursor that
 * stays right while cards are added between two page fetches.
 */
describe('the order of the public listings', () => {
  const context = useTestApp();
  const db = () => context.database.db;
  const CITY = 'Quetta';

  interface Row {
    id: string;
    plan: PlanId;
    featuredOrder: number | null;
    createdAt: Date;
  }
  const rows: Row[] = [];
  /** Whether the Enterprise vendor's subscription is in good standing. */
  let enterpriseActive = true;
  const priority = (row: Row) => row.plan === 'enterprise' && enterpriseActive;

  /** The order the listings promise, written out plainly: the test's oracle. */
  function compare(a: Row, b: Row): number {
    if (priority(a) !== priority(b)) return priority(a) ? -1 : 1;
    const featured = (row: Row) => row.featuredOrder ?? Number.POSITIVE_INFINITY;
    if (featured(a) !== featured(b)) return featured(a) - featured(b);
    if (a.createdAt.getTime() !== b.createdAt.getTime()) return b.createdAt.getTime() - a.createdAt.getTime();
    return a.id < b.id ? 1 : -1;
  }

  const vendorOf: Partial<Record<PlanId, string>> = {};
  async function vendorOn(plan: PlanId) {
    vendorOf[plan] ??= (await createVendor(db(), { plan, city: CITY, businessName: `Quetta ${plan}` })).id;
    return vendorOf[plan]!;
  }

  let minutes = 0;
  async function addCard(plan: PlanId, options: { featuredOrder?: number; createdAt?: Date } = {}) {
    minutes += 1;
    const createdAt = options.createdAt ?? new Date(context.clock.now().getTime() + minutes * 60_000);
    const card = await createCard(db(), await vendorOn(plan), {
      cardType: 'exclusive',
      featuredOrder: options.featuredOrder ?? null,
      createdAt,
    });
    const row: Row = { id: card.id, plan, featuredOrder: options.featuredOrder ?? null, createdAt };
    rows.push(row);
    return row;
  }

  async function page(limit: number, cursor: string | null): Promise<CardPage> {
    const response = await context.app.inject({
      method: 'GET',
      url: `/api/marketplace/cards?city=${CITY}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`,
    });
    expect(response.statusCode).toBe(200);
    return response.json<CardPage>();
  }

  async function everyPage(limit: number): Promise<string[]> {
    const ids: string[] = [];
    let cursor: string | null = null;
    do {
      const next: CardPage = await page(limit, cursor);
      ids.push(...next.cards.map((card) => card.id));
      cursor = next.nextCursor;
    } while (cursor);
    return ids;
  }

  it('puts Enterprise vendors first, then the featured order, then newest, ties by id', async () => {
    const sameInstant = new Date(context.clock.now().getTime() - 86_400_000);
    await addCard('starter');
    await addCard('enterprise');
    await addCard('premium', { featuredOrder: 2 });
    await addCard('enterprise', { featuredOrder: 3 });
    await addCard('standard', { featuredOrder: 1 });
    await addCard('starter', { featuredOrder: 1 });
    await addCard('starter', { createdAt: sameInstant });
    await addCard('premium', { createdAt: sameInstant });
    await addCard('enterprise', { createdAt: sameInstant });
    await addCard('standard');

    const expected = [...rows].sort(compare).map((row) => row.id);
    expect((await page(48, null)).cards.map((card) => card.id)).toEqual(expected);
    for (const limit of [1, 2, 3, 4]) expect(await everyPage(limit)).toEqual(expected);
  });

  it('a lapsed Enterprise subscription loses the first place (the plan in force decides)', async () => {
    const enterprise = await vendorOn('enterprise');
    await db().update(vendors).set({ subscriptionStatus: 'canceled' }).where(eq(vendors.id, enterprise));
    enterpriseActive = false;
    expect(await everyPage(3)).toEqual([...rows].sort(compare).map((row) => row.id));
    await db().update(vendors).set({ subscriptionStatus: 'active' }).where(eq(vendors.id, enterprise));
    enterpriseActive = true;
    expect(await everyPage(3)).toEqual([...rows].sort(compare).map((row) => row.id));
  });

  it('no card twice and none skipped while cards are added between page fetches', async () => {
    const before = new Set(rows.map((row) => row.id));
    const seen: string[] = [];
    const added: Array<{ row: Row; after: Row | null; afterLastPage: boolean }> = [];
    let cursor: string | null = null;
    let last: Row | null = null;
    let round = 0;
    do {
      const next: CardPage = await page(2, cursor);
      seen.push(...next.cards.map((card) => card.id));
      last = rows.find((row) => row.id === next.cards.at(-1)?.id) ?? last;
      cursor = next.nextCursor;
      // Between two fetches, a card lands in every tier: newest and oldest, featured first and last.
      round += 1;
      const oldest = new Date(context.clock.now().getTime() - (100 + round) * 86_400_000);
      for (const [plan, options] of [
        ['enterprise', {}],
        ['enterprise', { createdAt: oldest }],
        ['premium', { featuredOrder: 1 }],
        ['starter', { featuredOrder: 99 }],
        ['standard', {}],
        ['starter', { createdAt: oldest }],
      ] as const) {
        added.push({ row: await addCard(plan, options), after: last, afterLastPage: cursor === null });
      }
    } while (cursor);

    // No duplicates, and every card that was there at the start was seen.
    expect(new Set(seen).size).toBe(seen.length);
    for (const id of before) expect(seen).toContain(id);
    // The pages read in order, and a card added behind the reader's position was read when reached.
    const seenRows = seen.map((id) => rows.find((row) => row.id === id)!);
    for (let index = 1; index < seenRows.length; index += 1)
      expect(compare(seenRows[index - 1]!, seenRows[index]!)).toBeLessThan(0);
    for (const { row, after, afterLastPage } of added) {
      // A card ahead of the reader's position is not shown (the next visit's first pages have it);
      // one behind it is, unless it arrived after the last page had been read.
      const isAhead = after !== null && compare(row, after) < 0;
      expect([row, seen.includes(row.id)]).toEqual([row, !isAhead && !afterLastPage]);
    }
    expect(seen.filter((id) => !before.has(id)).length).toBeGreaterThan(0);
  });

  it('refuses a cursor that names no tier, with a 400 naming the field', async () => {
    const forged = Buffer.from(JSON.stringify(['7', '', '2026-03-11 07:30:00+00', crypto.randomUUID()])).toString(
      'base64url',
    );
    const response = await context.app.inject({ method: 'GET', url: `/api/marketplace/cards?cursor=${forged}` });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({ cursor: 'cursor is not valid' });
  });
});
