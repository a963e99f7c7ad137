import { sql } from 'drizzle-orm';
import type { LandingStats } from '@shared/marketplace/marketplace';
import { CITIES, type City } from '@shared/places';
import type { Executor } from '@server/db/client';
import { qualified } from '@server/db/qualified';
import { loyaltyCards, vendors } from '@server/db/schema';
import { NO_CACHE, type CountsCache } from '@server/lib/counts-cache';
import { isPublicCard } from '@server/modules/cards/public-visibility';
import { isPublicVendor } from '@server/modules/vendors/public-vendor';

/**
 * The landing page's live counts. The city list probes each of the ten cities with an EXISTS on
 * the (city, ...) partial index, so it costs the same with ten vendors or ten thousand and is read
 * fresh every time (a newly approved vendor's city chip shows at once); the two totals scan, so
 * they are memoised briefly.
 */
export async function getLandingStats(
  db: Executor,
  now: Date,
  countsCache: CountsCache = NO_CACHE,
): Promise<LandingStats> {
  const [totals, cities] = await Promise.all([
    countsCache.get('landing-totals', () => countLandingTotals(db, now)),
    listCitiesWithVendors(db),
  ]);
  return { ...totals, cityCount: cities.length, cities };
}

async function countLandingTotals(db: Executor, now: Date): Promise<{ approvedVendors: number; activeCards: number }> {
  const [counts] = await db
    .select({
      approvedVendors: sql<number>`(select count(*)::int from ${vendors} where ${isPublicVendor()})`,
      activeCards: sql<number>`(select count(*)::int from ${loyaltyCards} inner join ${vendors} on ${qualified(vendors.id)} = ${qualified(loyaltyCards.vendorId)} where ${isPublicCard(now)} and ${isPublicVendor()})`,
    })
    .from(sql`(select 1) as "one"`);
  return { approvedVendors: counts?.approvedVendors ?? 0, activeCards: counts?.activeCards ?? 0 };
}

async function listCitiesWithVendors(db: Executor): Promise<City[]> {
  const cityList = sql.join(
    CITIES.map((city, position) => sql`(${city}::text, ${position}::int)`),
    sql`, `,
  );
  const cityRows = await db
    .select({ city: sql<string>`"list"."city"` })
    .from(sql`(values ${cityList}) as "list"("city", "position")`)
    .where(
      sql`exists (select 1 from ${vendors} where ${qualified(vendors.city)} = "list"."city" and ${isPublicVendor()})`,
    )
    .orderBy(sql`"list"."position"`);
  return cityRows.map((row) => row.city as City);
}
