import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ACTIVE_CUSTOMER_DAYS, CUSTOMER_SORTS, type CustomerFilters } from '@shared/customers/vendor-customers';
import { addPakistanDays, startOfPakistanMonth } from '@shared/pakistan-time';
import { stamps, userCards, users } from '@server/db/schema';
import { useTestApp } from '@server/test/build-test-app';
import { createCard, createVendor, signUpUser } from '@server/test/factories';
import { seededRandom } from '@server/test/seeded-random';
import { rows } from '@server/db/sql-rows';
import { getCustomersSummary } from './customers-summary';
import { queryCustomers } from './customer-queries';

const DAY = 86_400_000;

/** The raw order of each sort, worded on users and the rows (not vendor_customers' indexes). */
const RAW_ORDER: Record<CustomerFilters['sort'], string> = {
  recent: 'last_activity_at desc, user_id',
  name: 'lower(name) asc, lower(surname) asc, user_id',
  stamps: 'stamps desc, last_activity_at desc, user_id',
  joined: 'joined_at desc, user_id',
};

describe('customer list reads against the rows', () => {
  const context = useTestApp();
  const db = () => context.database.db;
  let vendorId = '';
  /** The day every scenario ends on: the 28th of a Pakistan month. */
  let lastDay = new Date(0);

  beforeAll(async () => {
    const random = seededRandom(56);
    const monthStart = startOfPakistanMonth(context.clock.now());
    lastDay = addPakistanDays(monthStart, 27);
    const vendor = await createVendor(db(), { plan: 'enterprise', businessName: 'Kolachi Karahi' });
    const other = await createVendor(db(), { plan: 'premium', businessName: 'Chai Khana' });
    vendorId = vendor.id;
    const card = await createCard(db(), vendor.id, { name: 'Karahi Card', stampsRequired: 50 });
    const otherCard = await createCard(db(), other.id, { name: 'Chai Card', stampsRequired: 50 });
    const people = [
      ['Ayesha', 'Khan', '0300 5550101'],
      ['Bilal', 'Ahmed', null],
      ['Sana', 'Mir', '0321 7770202'],
      ['Hamza', 'Khanzada', null],
      ['Kinza', 'Memon', '0333 5550303'],
      ['Usman', 'Raza', null],
      ['Nida', 'Bhatti', null],
      ['Zara', 'Khan', '0345 1110404'],
    ] as const;
    for (const [name, surname, phone] of people) {
      const email = `${name}.${surname}@example.pk`.toLowerCase();
      const person = await signUpUser(context.app, { name, surname, email });
      if (phone) await db().update(users).set({ phone }).where(eq(users.id, person.id));
      for (const [heldCard, ownerId] of [
        [card.id, vendor.id],
        [otherCard.id, other.id],
      ] as const) {
        // Stamps over the 75 days before the last day, a different number for everyone.
        const issued = Array.from(
          { length: 5 + Math.floor(random.next() * 40) },
          () => new Date(lastDay.getTime() - Math.floor(random.next() * 75 * DAY)),
        ).sort((a, b) => a.getTime() - b.getTime());
        const [held] = await db()
          .insert(userCards)
          .values({ userId: person.id, cardId: heldCard, createdAt: new Date(issued[0]!.getTime() - DAY) })
          .returning({ id: userCards.id });
        await db()
          .insert(stamps)
          .values(
            issued.map((issuedAt, index) => ({
              userCardId: held!.id,
              vendorId: ownerId,
              cardId: heldCard,
              userId: person.id,
              qrCode: `${person.id}-${heldCard}-${index}`,
              issuedAt,
            })),
          );
        await db()
          .update(userCards)
          .set({ lastStampAt: issued.at(-1)! })
          .where(eq(userCards.id, held!.id));
      }
    }
  });

  it("ranks Most Active by each customer's stamps of the last 30 days, from anywhere in a month", async () => {
    // From the 1st to the 28th: the 30 days start early in the month before (its days before them
    // taken off the whole month) or late (the days up to the month counted on their own).
    for (const day of [0, 1, 4, 13, 16, 27]) {
      const at = new Date(addPakistanDays(startOfPakistanMonth(lastDay), day).getTime() + 9.5 * 3_600_000);
      const since = new Date(at.getTime() - ACTIVE_CUSTOMER_DAYS * DAY);
      const summary = await getCustomersSummary(db(), vendorId, at);
      const raw = await rows<{ user_id: string; name: string; stamps: number }>(
        db(),
        sql`select s.user_id, u.name || ' ' || u.surname as name, count(*)::int as stamps
            from stamps s join users u on u.id = s.user_id
            where s.vendor_id = ${vendorId} and s.issued_at >= ${since}
            group by s.user_id, u.name, u.surname order by stamps desc, u.name limit 5`,
      );
      expect(raw.length, `day ${day}`).toBeGreaterThan(0);
      expect(summary.mostActive, `day ${day}`).toEqual(
        raw.map((row) => ({ userId: row.user_id, name: row.name, stamps: Number(row.stamps) })),
      );
    }
  });

  it('finds a search in names, e-mails and phones, counted and paged in every sort and status', async () => {
    const now = lastDay;
    // '' is no search: the unfiltered list, whose total vendor_totals keeps.
    const terms = ['', 'khan', 'KHAN ', 'a k', 'memon@exa', '555', 'nobody', '%', 'khan\nayesha'];
    const statuses = [undefined, 'active', 'inactive'] as const;
    for (const search of terms) {
      for (const sort of CUSTOMER_SORTS) {
        for (const status of statuses) {
          const pattern = `%${search.trim().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
          const activeSince = new Date(now.getTime() - ACTIVE_CUSTOMER_DAYS * DAY);
          const expected = await rows<{ user_id: string }>(
            db(),
            sql`with held as (
                  select uc.user_id, min(uc.created_at) as joined_at, greatest(max(uc.last_stamp_at), max(uc.created_at)) as last_activity_at
                  from user_cards uc join loyalty_cards c on c.id = uc.card_id where c.vendor_id = ${vendorId} group by uc.user_id
                ), counted as (
                  select h.*, u.name, u.surname,
                    (select count(*) from stamps s where s.vendor_id = ${vendorId} and s.user_id = h.user_id) as stamps
                  from held h join users u on u.id = h.user_id
                  where ((u.name || ' ' || u.surname) ilike ${pattern} or u.email ilike ${pattern} or coalesce(u.phone, '') ilike ${pattern})
                    ${status === 'active' ? sql`and h.last_activity_at >= ${activeSince}` : sql``}
                    ${status === 'inactive' ? sql`and h.last_activity_at < ${activeSince}` : sql``}
                )
                select user_id from counted order by ${sql.raw(RAW_ORDER[sort])}`,
          );
          const label = `${search} ${sort} ${status ?? 'all'}`;
          for (const page of [0, 1, 2]) {
            const result = await queryCustomers(
              db(),
              {
                vendorId,
                filters: { search, sort, ...(status ? { status } : {}) },
                page: { limit: 2, offset: page * 2 },
              },
              now,
            );
            const shown = expected.slice(page * 2, page * 2 + 2).map((row) => row.user_id);
            expect(
              result.customers.map((customer) => customer.userId),
              label,
            ).toEqual(shown);
            expect(result.total, label).toBe(shown.length > 0 ? expected.length : 0);
          }
        }
      }
    }
    // The terms find what they should: names across name and surname, e-mails, phones, nothing for a bare '%'.
    const total = async (search: string) =>
      (
        await queryCustomers(
          db(),
          { vendorId, filters: { search, sort: 'recent' }, page: { limit: 50, offset: 0 } },
          now,
        )
      ).total;
    expect(await total('khan')).toBe(3);
    expect(await total('a k')).toBe(3);
    expect(await total('memon@exa')).toBe(1);
    expect(await total('555')).toBe(2);
    expect(await total('%')).toBe(0);
  });
});
