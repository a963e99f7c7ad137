import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CardPage, VendorPage } from '@shared/marketplace/marketplace';
import { CITY_CENTRES, distanceKm } from '@shared/vendors/branches';
import { branches, vendors } from '@server/db/schema';
import { rows } from '@server/db/sql-rows';
import { useTestApp } from '@server/test/build-test-app';
import { createCard, createVendor } from '@server/test/factories';
import { NEAR_ME_BRANCHES } from './list-public-vendors';

/** Pins in degrees, a few km apart in Lahore, and one each in Islamabad and Karachi. */
const MALL_ROAD = { latitude: 31.5497, longitude: 74.3436 };
const GULBERG = { latitude: 31.5204, longitude: 74.3587 };
const DHA = { latitude: 31.4697, longitude: 74.4084 };
const BLUE_AREA = { latitude: 33.7104, longitude: 73.0551 };
const CLIFTON = { latitude: 24.8138, longitude: 67.0299 };

describe('"near me" listings (decision 088)', () => {
  const context = useTestApp();
  const db = () => context.database.db;

  async function vendorAt(name: string, city: 'Lahore' | 'Islamabad' | 'Karachi', pin: typeof GULBERG | null) {
    const vendor = await createVendor(db(), { businessName: name, city });
    // The main branch follows the vendor's pin (the branches trigger).
    if (pin)
      await db()
        .update(vendors)
        .set({ latitude: pin.latitude, longitude: pin.longitude })
        .where(eq(vendors.id, vendor.id));
    await createCard(db(), vendor.id, { name: `${name} card` });
    return vendor;
  }

  async function addBranch(
    vendorId: string,
    name: string,
    pin: typeof GULBERG,
    extra: Partial<typeof branches.$inferInsert> = {},
  ) {
    await db()
      .insert(branches)
      .values({
        vendorId,
        name,
        address: '1 Road',
        city: 'Lahore',
        area: name,
        phone: '+92 300 1234567',
        ...pin,
        ...extra,
      });
  }

  async function get<T>(url: string): Promise<T> {
    const response = await context.app.inject({ method: 'GET', url });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as T;
  }

  beforeAll(async () => {
    await vendorAt('Gulberg Grill', 'Lahore', GULBERG);
    // A chain based in Islamabad with a branch in Lahore: near Lahore it counts from that branch.
    const chain = await vendorAt('Capital Chai', 'Islamabad', BLUE_AREA);
    await addBranch(chain.id, 'DHA', DHA);
    await vendorAt('Clifton Crust', 'Karachi', CLIFTON);
    // Nearest of all, but none a customer can go to: closed, waiting for approval, its only
    // Lahore branch archived or paused, or no pin at all.
    const closed = await vendorAt('Closed Corner', 'Lahore', MALL_ROAD);
    await db().update(vendors).set({ closedAt: context.clock.now() }).where(eq(vendors.id, closed.id));
    const pending = await createVendor(db(), { businessName: 'Pending Pakora', status: 'pending' });
    await db().update(vendors).set(MALL_ROAD).where(eq(vendors.id, pending.id));
    const archived = await vendorAt('Archived Arcade', 'Karachi', CLIFTON);
    await addBranch(archived.id, 'Mall Road', MALL_ROAD, { archivedAt: context.clock.now() });
    await addBranch(archived.id, 'Mall Road 2', MALL_ROAD, { status: 'paused' });
    await vendorAt('Pinless Paratha', 'Lahore', null);
  });

  const fromMallRoad = `lat=${MALL_ROAD.latitude}&lng=${MALL_ROAD.longitude}`;

  it('sorts vendors by their nearest open branch, with the distance in km, leaving out the ones no one can visit', async () => {
    const page = await get<VendorPage>(`/api/marketplace/vendors?${fromMallRoad}`);
    expect(page.vendors.map((vendor) => [vendor.businessName, vendor.distanceKm]).slice(0, 2)).toEqual([
      ['Gulberg Grill', round(distanceKm(MALL_ROAD, GULBERG))],
      ['Capital Chai', round(distanceKm(MALL_ROAD, DHA))],
    ]);
    // Only its Karachi branch counts for Archived Arcade: the Lahore ones are archived and paused.
    expect(
      page.vendors
        .slice(2)
        .map((vendor) => [vendor.businessName, vendor.distanceKm])
        .sort(),
    ).toEqual([
      ['Archived Arcade', round(distanceKm(MALL_ROAD, CLIFTON))],
      ['Clifton Crust', round(distanceKm(MALL_ROAD, CLIFTON))],
    ]);
    // One shop a page, by cursor: the same shops in the same order, none twice, none left out.
    const paged: string[] = [];
    let cursor: string | null = null;
    do {
      const next: VendorPage = await get<VendorPage>(
        `/api/marketplace/vendors?${fromMallRoad}&limit=1${cursor ? `&cursor=${cursor}` : ''}`,
      );
      paged.push(...next.vendors.map((vendor) => vendor.businessName));
      cursor = next.nextCursor;
    } while (cursor);
    expect(paged).toEqual(page.vendors.map((vendor) => vendor.businessName));
    // Without a position the listing is as before: by name, no distance.
    const byName = await get<VendorPage>('/api/marketplace/vendors');
    expect(byName.vendors[0]).not.toHaveProperty('distanceKm');
    expect(byName.vendors.map((vendor) => vendor.businessName)).toContain('Pinless Paratha');
  });

  it('measures from a chosen city’s centre, and keeps the city filter', async () => {
    const karachi = await get<VendorPage>('/api/marketplace/vendors?near=Karachi');
    expect(
      karachi.vendors
        .map((vendor) => vendor.businessName)
        .slice(0, 2)
        .sort(),
    ).toEqual(['Archived Arcade', 'Clifton Crust']);
    expect(karachi.vendors[0]!.distanceKm).toBe(round(distanceKm(CITY_CENTRES.Karachi, CLIFTON)));
    const inIslamabad = await get<VendorPage>(`/api/marketplace/vendors?${fromMallRoad}&city=Islamabad`);
    expect(inIslamabad.vendors.map((vendor) => vendor.businessName)).toEqual(['Capital Chai']);
  });

  it('sorts the Vendor Clubs cards the same way, and pages them by cursor without a gap or a repeat', async () => {
    const all = await get<CardPage>(`/api/marketplace/cards?type=all&category=all&${fromMallRoad}`);
    expect(all.cards.map((card) => [card.name, card.distanceKm]).slice(0, 2)).toEqual([
      ['Gulberg Grill card', round(distanceKm(MALL_ROAD, GULBERG))],
      ['Capital Chai card', round(distanceKm(MALL_ROAD, DHA))],
    ]);
    // Two Karachi shops at the same distance: after them, by card.
    expect(new Set(all.cards.slice(2).map((card) => card.name))).toEqual(
      new Set(['Clifton Crust card', 'Archived Arcade card']),
    );
    expect(all.cards[2]!.distanceKm).toBe(round(distanceKm(MALL_ROAD, CLIFTON)));
    // The counts are of what the near view lists: not the closed, pending or pinless vendors' cards.
    expect([all.total, all.vendorCount]).toEqual([4, 4]);
    // The category group filters the window's vendors (all of these are restaurants: food).
    const food = await get<CardPage>(`/api/marketplace/cards?type=all&category=food&${fromMallRoad}`);
    expect(food.cards.map((card) => card.name)).toEqual(all.cards.map((card) => card.name));
    const coffee = await get<CardPage>(`/api/marketplace/cards?type=all&category=coffee&${fromMallRoad}`);
    expect(coffee.cards).toEqual([]);
    const walked: string[] = [];
    let cursor: string | null = null;
    do {
      const page: CardPage = await get<CardPage>(
        `/api/marketplace/cards?type=all&category=all&${fromMallRoad}&limit=1${cursor ? `&cursor=${cursor}` : ''}`,
      );
      walked.push(...page.cards.map((card) => card.name));
      cursor = page.nextCursor;
    } while (cursor);
    expect(walked).toEqual(all.cards.map((card) => card.name));
  });

  it.each([
    ['lat=abc&lng=74.3', 'lat'],
    ['lat=31.5&lng=', 'lng'],
    ['lat=31.5', 'lng'],
    ['lng=74.3', 'lat'],
    // Outside Pakistan: London, and Lahore's pin typed the other way round (in Iran).
    ['lat=51.5&lng=-0.12', 'lat'],
    ['lat=74.35&lng=31.52', 'lat'],
    ['lat=31.5&lng=90', 'lng'],
    ['near=Paris', 'near'],
    ['near=Lahore&lat=31.5&lng=74.3', 'near'],
    ['lat=31.5&lng=74.3&cursor=abc', 'cursor'],
  ])('refuses %s with a 400 naming %s', async (query, field) => {
    for (const list of ['/api/marketplace/vendors?', '/api/marketplace/cards?type=all&']) {
      const response = await context.app.inject({ method: 'GET', url: `${list}${query}` });
      expect(response.statusCode, response.body).toBe(400);
      expect(Object.keys(response.json().error.fields)).toContain(field);
    }
  });

  // Last: its crowd of branches at Mall Road fills every later window from there.
  it('takes the nearest window among the branches whose vendor has a card of the listing’s type', async () => {
    const crowd = await vendorAt('Crowded Kababs', 'Lahore', MALL_ROAD);
    await db()
      .insert(branches)
      .values(
        Array.from({ length: NEAR_ME_BRANCHES + 10 }, (_, index) => ({
          vendorId: crowd.id,
          name: `Stall ${index}`,
          address: '1 Mall Road',
          city: 'Lahore' as const,
          area: 'Mall Road',
          phone: '+92 300 1234567',
          latitude: MALL_ROAD.latitude + index * 0.0001,
          longitude: MALL_ROAD.longitude,
        })),
      );
    const lahoreVip = await createVendor(db(), { businessName: 'Model Town VIP', city: 'Lahore' });
    await db().update(vendors).set(DHA).where(eq(vendors.id, lahoreVip.id));
    await createCard(db(), lahoreVip.id, { name: 'Model Town VIP card', cardType: 'exclusive' });
    const karachiVip = await createVendor(db(), { businessName: 'Clifton VIP', city: 'Karachi' });
    await db().update(vendors).set(CLIFTON).where(eq(vendors.id, karachiVip.id));
    await createCard(db(), karachiVip.id, { name: 'Clifton VIP card', cardType: 'exclusive' });

    // Every exclusive card's branches are beyond the crowd's: they are still found, nearest first.
    const exclusive = await get<CardPage>(`/api/marketplace/cards?type=exclusive&category=all&${fromMallRoad}`);
    expect(exclusive.cards.map((card) => [card.name, card.distanceKm])).toEqual([
      ['Model Town VIP card', round(distanceKm(MALL_ROAD, DHA))],
      ['Clifton VIP card', round(distanceKm(MALL_ROAD, CLIFTON))],
    ]);
    expect([exclusive.total, exclusive.vendorCount]).toEqual([2, 2]);
    // A deal that has ended is no card of the listing: its vendor does not take the window's place.
    await createCard(db(), crowd.id, {
      name: 'Ended deal',
      cardType: 'daily_chaska',
      dealEndsAt: new Date(context.clock.now().getTime() - 60_000),
    });
    const daily = await get<CardPage>(`/api/marketplace/cards?type=daily_chaska&category=all&${fromMallRoad}`);
    expect(daily.cards).toEqual([]);
    // Without a type the crowd is nearest, and the window is its branches alone.
    const all = await get<CardPage>(`/api/marketplace/cards?type=all&category=all&${fromMallRoad}`);
    expect(all.cards.map((card) => card.name)).toEqual(['Crowded Kababs card']);
  });

  it('gives a first page of any size the nearest shops, with a next page, when a chain crowds the nearest branches', async () => {
    // A first page reads a few branches per shop it shows before the whole window: eight
    // branches of one chain nearest of all leave fewer shops than asked for in that read.
    const here = { latitude: CLIFTON.latitude + 0.01, longitude: CLIFTON.longitude };
    const chain = await vendorAt('Seaview Chai Chain', 'Karachi', null);
    for (let index = 0; index < 8; index += 1)
      await addBranch(
        chain.id,
        `Seaview ${index}`,
        { ...here, latitude: here.latitude + index * 0.00001 },
        {
          city: 'Karachi',
        },
      );
    const from = `lat=${here.latitude}&lng=${here.longitude}`;
    const whole = await get<VendorPage>(`/api/marketplace/vendors?${from}&limit=20`);
    expect(whole.vendors[0]!.businessName).toBe('Seaview Chai Chain');
    expect(whole.vendors.length).toBeGreaterThan(3);
    for (const limit of [1, 2, 3]) {
      const page = await get<VendorPage>(`/api/marketplace/vendors?${from}&limit=${limit}`);
      expect(page.vendors, `limit ${limit}`).toEqual(whole.vendors.slice(0, limit));
      expect(page.nextCursor, `limit ${limit}`).not.toBeNull();
    }
  });

  it('measures in the database what the shared rule measures, on known city pairs', async () => {
    const pairs = [
      ['Lahore', 'Karachi', 1031],
      ['Lahore', 'Islamabad', 269],
      ['Islamabad', 'Rawalpindi', null],
    ] as const;
    for (const [from, to, referenceKm] of pairs) {
      const a = CITY_CENTRES[from];
      const b = CITY_CENTRES[to];
      const [row] = await rows<{ metres: number }>(
        db(),
        sql`select earth_distance(ll_to_earth(${a.latitude}::float8, ${a.longitude}::float8), ll_to_earth(${b.latitude}::float8, ${b.longitude}::float8)) as metres`,
      );
      expect(Number(row!.metres) / 1000).toBeCloseTo(distanceKm(a, b), 3);
      // Against the published great-circle figure: a sphere is within 1% of the earth's shape.
      if (referenceKm) expect(Math.abs(distanceKm(a, b) - referenceKm) / referenceKm).toBeLessThan(0.01);
    }
  });
});

function round(km: number): number {
  return Math.round(km * 10) / 10;
}
