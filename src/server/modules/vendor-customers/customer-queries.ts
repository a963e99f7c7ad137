import { sql, type SQL } from 'drizzle-orm';
import { ACTIVE_CUSTOMER_DAYS, type CustomerFilters, type CustomerRow } from '../../../shared/vendor-customers';
import type { Executor } from '../../db/client';
import { rows, toIso } from '../vendor-analytics/sql-rows';


const SORT_ORDER: Record<CustomerFilters['sort'], SQL> = {
  recent: sql`c.last_activity_at desc, c.user_id`,
  name: sql`lower(u.name) asc, lower(u.surname) asc, c.user_id`,
  stamps: sql`coalesce(st.stamps, 0) desc, c.last_activity_at desc, c.user_id`,
  joined: sql`c.joined_at desc, c.user_id`,
};

/** `%term%` for ILIKE, with the pattern characters of the term taken literally. */
function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
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
 * history is kept). Aggregates come from user_cards by card, stamps by (vendor_id, issued_at)
 * and rewards by vendor; filters, sort and paging run in PostgreSQL.
 */
export async function queryCustomers(
  db: Executor,
  vendorId: string,
  filters: CustomerFilters,
  page: { limit: number; offset: number },
): Promise<{ customers: CustomerRow[]; total: number }> {
  const card = filters.cardId ? sql`and c.id = ${filters.cardId}` : sql``;
  const stampCard = filters.cardId ? sql`and s.card_id = ${filters.cardId}` : sql``;
  const rewardCard = filters.cardId ? sql`and r.card_id = ${filters.cardId}` : sql``;
  const conditions: SQL[] = [];
  const search = filters.search?.trim();
  if (search) {
    const pattern = containsPattern(search);
    conditions.push(
      sql`((u.name || ' ' || u.surname) ilike ${pattern} or u.email ilike ${pattern} or coalesce(u.phone, '') ilike ${pattern})`,
    );
  }
  const activeSince = sql`now() - make_interval(days => ${ACTIVE_CUSTOMER_DAYS})`;
  if (filters.status === 'active') conditions.push(sql`c.last_activity_at >= ${activeSince}`);
  if (filters.status === 'inactive') conditions.push(sql`c.last_activity_at < ${activeSince}`);
  if (filters.status === 'completed') conditions.push(sql`coalesce(rt.rewards, 0) > 0`);
  const where = conditions.length > 0 ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;

  const result = await rows<CustomerSqlRow>(
    db,
    sql`with customer as (
          select uc.user_id, count(*)::int as cards, min(uc.created_at) as joined_at,
                 greatest(max(uc.last_stamp_at), max(uc.created_at)) as last_activity_at
          from user_cards uc join loyalty_cards c on c.id = uc.card_id
          where c.vendor_id = ${vendorId} ${card}
          group by uc.user_id
        ), stamp_totals as (
          select s.user_id, count(*)::int as stamps from stamps s where s.vendor_id = ${vendorId} ${stampCard} group by s.user_id
        ), reward_totals as (
          select r.user_id, count(*)::int as rewards from rewards r where r.vendor_id = ${vendorId} ${rewardCard} group by r.user_id
        )
        select c.user_id, u.name, u.surname, u.email, u.phone, c.cards,
               coalesce(st.stamps, 0) as stamps, coalesce(rt.rewards, 0) as rewards,
               c.joined_at, c.last_activity_at, (c.last_activity_at >= ${activeSince}) as is_active,
               count(*) over ()::int as total
        from customer c
        join users u on u.id = c.user_id
        left join stamp_totals st on st.user_id = c.user_id
        left join reward_totals rt on rt.user_id = c.user_id
        ${where}
        order by ${SORT_ORDER[filters.sort]}
        limit ${page.limit} offset ${page.offset}`,
  );
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
