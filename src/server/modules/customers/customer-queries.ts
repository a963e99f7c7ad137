import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { ACTIVE_CUSTOMER_DAYS, type CustomerFilters, type CustomerRow } from '@shared/customers/vendor-customers';
import type { Executor } from '@server/db/client';
import { branches, rewards, stamps, userCards, users, vendorCustomers, vendorTotals } from '@server/db/schema';
import { assertOwnBranch } from '@server/modules/vendors/branches';
import { rows, toIso } from '@server/db/sql-rows';
import { vendorCardIds } from '@server/modules/analytics/vendor-card-ids';

// The short names these reads give their tables, taken from the schema (ARCHITECTURE.md, Conventions).
const s = alias(stamps, 's');
const r = alias(rewards, 'r');
const uc = alias(userCards, 'uc');
const u = alias(users, 'u');
const vc = alias(vendorCustomers, 'vc');
const vt = alias(vendorTotals, 'vt');

/**
 * How many customers the vendor has (vendor_customers rows holding a card), as vendor_totals keeps
 * it on every change (decision 067): the summary's tile and the unfiltered list's total, without
 * counting the vendor's rows on each read.
 */
export function vendorCustomerCount(vendorId: string): SQL {
  return sql`(select coalesce(sum(${vt.customers}), 0)::int from ${vendorTotals} as ${vt} where ${vt.vendorId} = ${vendorId})`;
}

/**
 * Each sort over vendor_customers, as its index orders it (`nulls last`: a customer holding a card
 * always has both times, but the planner only matches an index ordered the same way).
 */
const KEPT_SORT_ORDER: Record<CustomerFilters['sort'], SQL> = {
  recent: sql`${vc.lastActivityAt} desc nulls last, ${vc.userId}`,
  name: sql`lower(${vc.name}) asc, lower(${vc.surname}) asc, ${vc.userId}`,
  stamps: sql`${vc.stamps} desc nulls last, ${vc.lastActivityAt} desc nulls last, ${vc.userId}`,
  joined: sql`${vc.joinedAt} desc nulls last, ${vc.userId}`,
};

/** Each sort as the page is chosen (columns of the customer CTE, `u` and `st`) and as it is shown (columns of `page`). */
const SORT_ORDER: Record<CustomerFilters['sort'], { choose: SQL; show: SQL }> = {
  recent: { choose: sql`c.last_activity_at desc, c.user_id`, show: sql`p.last_activity_at desc, p.user_id` },
  name: {
    choose: sql`lower(${u.name}) asc, lower(${u.surname}) asc, c.user_id`,
    show: sql`lower(${u.name}) asc, lower(${u.surname}) asc, p.user_id`,
  },
  stamps: {
    choose: sql`coalesce(st.stamps, 0) desc, c.last_activity_at desc, c.user_id`,
    show: sql`p.sort_stamps desc, p.last_activity_at desc, p.user_id`,
  },
  joined: { choose: sql`c.joined_at desc, c.user_id`, show: sql`p.joined_at desc, p.user_id` },
};

/** `%term%` for ILIKE, with the pattern characters of the term taken literally. */
function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** Which rows of the list: `limit` of them after the first `offset`. */
interface CustomerPage {
  limit: number;
  offset: number;
}

interface CustomerSqlRow {
  user_id: string;
  name: string;
  surname: string;
  email: string;
  phone: string | null;
  cards: number;
  stamps: number;
  rewards: number;
  joined_at: unknown;
  last_activity_at: unknown;
  is_active: boolean;
  total: number;
}

/**
 * The vendor's customers: everyone holding one of its cards (deleted cards included, their
 * history is kept), with the stamps the vendor issued them and the rewards of its cards. Without a
 * card filter the page is read from vendor_customers (decision 051), whose indexes give each sort
 * but the name's in order; one card's customers are read from its user cards.
 */
/** Each customer's branches where they were stamped, by name (decision 089): the exports' column. */
export async function customerBranchNames(db: Executor, vendorId: string): Promise<Map<string, string>> {
  const b = alias(branches, 'b');
  const found = await rows<{ user_id: string; names: string }>(
    db,
    sql`select ${s.userId}, string_agg(distinct ${b.name}, ', ') as names
        from ${stamps} as ${s} join ${branches} as ${b} on ${b.id} = ${s.branchId}
        where ${s.vendorId} = ${vendorId} group by ${s.userId}`,
  );
  return new Map(found.map((row) => [row.user_id, row.names]));
}

export async function queryCustomers(
  db: Executor,
  { vendorId, filters, page }: { vendorId: string; filters: CustomerFilters; page: CustomerPage },
  now: Date,
): Promise<{ customers: CustomerRow[]; total: number }> {
  if (filters.branchId) await assertOwnBranch(db, vendorId, filters.branchId, 'branchId');
  const result =
    filters.cardId || filters.branchId
      ? await queryCardCustomers(db, { vendorId, filters, page }, now)
      : await queryVendorCustomers(db, { vendorId, filters, page }, now);
  return {
    total: Number(result[0]?.total ?? 0),
    customers: result.map((row) => ({
      userId: row.user_id,
      name: `${row.name} ${row.surname}`.trim(),
      email: row.email,
      phone: row.phone,
      cards: Number(row.cards),
      stamps: Number(row.stamps),
      rewards: Number(row.rewards),
      joinedAt: toIso(row.joined_at),
      lastActivityAt: toIso(row.last_activity_at),
      status: row.is_active ? 'active' : 'inactive',
    })),
  };
}

/** A search for `term` in the name, e-mail or phone of `people` (users, for one card's customers). */
function searchCondition(
  search: string | undefined,
  people: { name: AnyColumn; surname: AnyColumn; email: AnyColumn; phone: AnyColumn },
): SQL | null {
  const term = search?.trim();
  if (!term) return null;
  const pattern = containsPattern(term);
  return sql`((${people.name} || ' ' || ${people.surname}) ilike ${pattern} or ${people.email} ilike ${pattern} or coalesce(${people.phone}, '') ilike ${pattern})`;
}

/**
 * A search for `term` in vendor_customers' search text (decision 065): its name, e-mail and phone
 * lines, lowered as the term is. A term with a line break would span two fields: it finds nobody,
 * as the three fields searched one by one would.
 */
function vendorCustomerSearch(search: string | undefined): SQL | null {
  const term = search?.trim();
  if (!term) return null;
  if (term.includes('\n')) return sql`false`;
  return sql`${vc.searchText} like lower(${containsPattern(term)})`;
}

/**
 * Every customer of the vendor: a page of vendor_customers chosen on its own (an index range scan
 * for every sort, a scan of the vendor's own rows for a search), then the page's users; the total
 * is counted on the same filter, or read from vendor_totals when there is none (a count of every
 * row was most of an unfiltered page's time for a vendor with 12,000 customers).
 */
async function queryVendorCustomers(
  db: Executor,
  { vendorId, filters, page }: { vendorId: string; filters: CustomerFilters; page: CustomerPage },
  now: Date,
): Promise<CustomerSqlRow[]> {
  const activeSince = new Date(now.getTime() - ACTIVE_CUSTOMER_DAYS * 86_400_000);
  const conditions: SQL[] = [sql`${vc.vendorId} = ${vendorId}`, sql`${vc.cards} > 0`];
  const unfiltered = conditions.length;
  const search = vendorCustomerSearch(filters.search);
  if (search) conditions.push(search);
  if (filters.status === 'active') conditions.push(sql`${vc.lastActivityAt} >= ${activeSince}`);
  if (filters.status === 'inactive') conditions.push(sql`${vc.lastActivityAt} < ${activeSince}`);
  if (filters.status === 'completed') conditions.push(sql`${vc.rewards} > 0`);
  const where = sql.join(conditions, sql` and `);
  const order = KEPT_SORT_ORDER[filters.sort];
  const chosen = search
    ? // A search reads every row of the vendor and matches it once (decision 056): the matches,
      // with the columns the sorts need, are both counted and paged under the same name.
      {
        matches: sql`matched as materialized (
          select ${vc.userId}, ${vc.name}, ${vc.surname}, ${vc.stamps}, ${vc.joinedAt}, ${vc.lastActivityAt}
          from ${vendorCustomers} as ${vc} where ${where}
        ), `,
        rows: sql`matched as ${vc}`,
        total: sql`(select count(*)::int from matched)`,
      }
    : {
        matches: sql``,
        rows: sql`${vendorCustomers} as ${vc} where ${where}`,
        total:
          conditions.length === unfiltered
            ? vendorCustomerCount(vendorId)
            : sql`(select count(*)::int from ${vendorCustomers} as ${vc} where ${where})`,
      };
  return rows<CustomerSqlRow>(
    db,
    // The page is chosen on the sort's index alone (an index-only scan when no filter needs the
    // rest of the row, so a deep page skips index entries, not rows), then its rows are read.
    sql`with ${chosen.matches}page as (
          select ${vc.userId}, row_number() over (order by ${order}) as position
          from ${chosen.rows}
          order by ${order}
          limit ${page.limit} offset ${page.offset}
        )
        select p.user_id, ${u.name}, ${u.surname}, ${u.email}, ${u.phone}, ${vc.cards}, ${vc.stamps}, ${vc.rewards},
               ${vc.joinedAt}, ${vc.lastActivityAt}, (${vc.lastActivityAt} >= ${activeSince}) as is_active,
               ${chosen.total} as total
        from page p
        join ${vendorCustomers} as ${vc} on ${vc.vendorId} = ${vendorId} and ${vc.userId} = p.user_id
        join ${users} as ${u} on ${u.id} = p.user_id
        order by p.position`,
  );
}

/**
 * One card's customers, from its user cards (the card index), or one branch's (decision 089):
 * those of the vendor's holders stamped there, with their stamps there. The page is chosen first,
 * from user_cards and only the tables its filter and sort need, then the page's own stamp and
 * reward counts are read per row on the per-customer indexes.
 */
async function queryCardCustomers(
  db: Executor,
  { vendorId, filters, page }: { vendorId: string; filters: CustomerFilters; page: CustomerPage },
  now: Date,
): Promise<CustomerSqlRow[]> {
  const cardIds = await vendorCardIds(db, vendorId, filters.cardId);
  if (cardIds.length === 0) return [];
  const stampCard = sql`${filters.cardId ? sql`and ${s.cardId} = ${filters.cardId}` : sql``} ${
    filters.branchId ? sql`and ${s.branchId} = ${filters.branchId}` : sql``
  }`;
  const rewardCard = filters.cardId ? sql`and ${r.cardId} = ${filters.cardId}` : sql``;
  const conditions: SQL[] = [];
  if (filters.branchId)
    conditions.push(
      sql`exists (select 1 from ${stamps} as ${s} where ${s.userId} = c.user_id and ${s.vendorId} = ${vendorId} and ${s.branchId} = ${filters.branchId})`,
    );
  const search = searchCondition(filters.search, u);
  if (search) conditions.push(search);
  const activeSince = new Date(now.getTime() - ACTIVE_CUSTOMER_DAYS * 86_400_000);
  if (filters.status === 'active') conditions.push(sql`c.last_activity_at >= ${activeSince}`);
  if (filters.status === 'inactive') conditions.push(sql`c.last_activity_at < ${activeSince}`);
  if (filters.status === 'completed') {
    conditions.push(
      sql`exists (select 1 from ${rewards} as ${r} where ${r.userId} = c.user_id and ${r.vendorId} = ${vendorId} ${rewardCard})`,
    );
  }
  const where = conditions.length > 0 ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
  const needsUser = Boolean(search) || filters.sort === 'name';
  const sortByStamps = filters.sort === 'stamps';
  const order = SORT_ORDER[filters.sort];

  return rows<CustomerSqlRow>(
    db,
    sql`with customer as (
          select ${uc.userId}, count(*)::int as cards, min(${uc.createdAt}) as joined_at,
                 greatest(max(${uc.lastStampAt}), max(${uc.createdAt})) as last_activity_at
          from ${userCards} as ${uc}
          where ${uc.cardId} in ${cardIds}
          group by ${uc.userId}
        )${
          sortByStamps
            ? sql`, stamp_totals as (
          select ${s.userId}, count(*)::int as stamps from ${stamps} as ${s} where ${s.vendorId} = ${vendorId} ${stampCard} group by ${s.userId}
        )`
            : sql``
        }, page as (
          select c.user_id, c.cards, c.joined_at, c.last_activity_at,
                 ${sortByStamps ? sql`coalesce(st.stamps, 0)` : sql`0`} as sort_stamps,
                 count(*) over ()::int as total
          from customer c
          ${needsUser ? sql`join ${users} as ${u} on ${u.id} = c.user_id` : sql``}
          ${sortByStamps ? sql`left join stamp_totals st on st.user_id = c.user_id` : sql``}
          ${where}
          order by ${order.choose}
          limit ${page.limit} offset ${page.offset}
        )
        select p.user_id, ${u.name}, ${u.surname}, ${u.email}, ${u.phone}, p.cards,
               (select count(*)::int from ${stamps} as ${s} where ${s.userId} = p.user_id and ${s.vendorId} = ${vendorId} ${stampCard}) as stamps,
               (select count(*)::int from ${rewards} as ${r} where ${r.userId} = p.user_id and ${r.vendorId} = ${vendorId} ${rewardCard}) as rewards,
               p.joined_at, p.last_activity_at, (p.last_activity_at >= ${activeSince}) as is_active, p.total
        from page p
        join ${users} as ${u} on ${u.id} = p.user_id
        order by ${order.show}`,
  );
}
