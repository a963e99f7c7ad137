import { CATEGORY_GROUP_IDS, CITIES } from '../../src/shared/places';
import { CITY_CENTRES } from '../../src/shared/vendors/branches';
import type { LoadRequest } from '../runner/load-test';
import { p99Below, type Scenario } from './scenario';

/** The target of the issue: listings answer within 50 ms at the 99th percentile under 50 connections. */
const LISTING_P99_MS = 50;
/** The target of issue 43: the nearest 20 of 100,000 branches within 50 ms at the 99th percentile under 50 connections. */
const NEAREST_P99_MS = 50;
/** Customers' positions asked for, each different (a real crowd's are), so the few seconds' shared answer of a listing seldom serves one. */
const NEAR_POSITIONS = 5_000;
const NEAREST = 20;

/** Positions within about 20 km of the ten cities' centres, the same every run. */
function nearMePositions(): string[] {
  const positions: string[] = [];
  for (let index = 0; index < NEAR_POSITIONS; index += 1) {
    const centre = CITY_CENTRES[CITIES[index % CITIES.length]!];
    // A fixed, well-spread sequence (golden-ratio steps), not Math.random: the runs compare.
    const step = (index * 0.618_033_988_75) % 1;
    const turn = (index * 0.754_877_666_2) % 1;
    const latitude = centre.latitude + (step - 0.5) * 0.36;
    const longitude = centre.longitude + (turn - 0.5) * 0.36;
    positions.push(`lat=${latitude.toFixed(6)}&lng=${longitude.toFixed(6)}`);
  }
  return positions;
}

/** Page numbers the deep-page run reaches by following each list's keyset cursor. */
const DEEP_PAGES = [10, 50, 150] as const;

const get = (path: string): LoadRequest => ({ method: 'GET', path });

/** Follows `nextCursor` from the first page and returns the cursors of the deep pages (fewer when the list is shorter). */
async function deepPageCursors(baseUrl: string, firstPage: string): Promise<string[]> {
  const cursors: string[] = [];
  let cursor: string | null = null;
  for (let page = 1; page < Math.max(...DEEP_PAGES); page += 1) {
    const separator = firstPage.includes('?') ? '&' : '?';
    const url = `${baseUrl}${firstPage}${cursor ? `${separator}cursor=${cursor}` : ''}`;
    const response = await fetch(url);
    if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
    const body = (await response.json()) as { nextCursor: string | null };
    cursor = body.nextCursor;
    if (!cursor) break;
    if ((DEEP_PAGES as readonly number[]).includes(page + 1)) cursors.push(cursor);
  }
  return cursors;
}

/** (b) The public listings a visitor browses, signed out, as three runs. */
export async function listingScenarios(baseUrl: string, connections: number): Promise<Scenario[]> {
  const target = p99Below(LISTING_P99_MS, connections);

  // The landing page: its counts and the featured vendor grid, then the grid of each city chip.
  const landing = [
    get('/api/marketplace/stats'),
    get('/api/marketplace/vendors'),
    ...CITIES.map((city) => get(`/api/marketplace/vendors?city=${city}`)),
  ];

  // /vendor-clubs with each category chip, across the country and in a big and a small city.
  const clubs = CATEGORY_GROUP_IDS.flatMap((category) =>
    [undefined, 'Karachi', 'Quetta'].map((city) =>
      get(`/api/marketplace/cards?type=all&category=${category}${city ? `&city=${city}` : ''}`),
    ),
  );

  const deepLists = [
    '/api/marketplace/cards?type=all&category=all',
    '/api/marketplace/cards?type=all&category=food',
    '/api/marketplace/vendors',
    '/api/marketplace/vendors?city=Karachi',
  ];
  const deep: LoadRequest[] = [];
  for (const list of deepLists) {
    for (const cursor of await deepPageCursors(baseUrl, list))
      deep.push(get(`${list}${list.includes('?') ? '&' : '?'}cursor=${cursor}`));
  }

  return [
    {
      id: 'listings-landing',
      group: 'listings',
      title: 'Landing: counts, featured vendors, each city',
      connections,
      requests: landing,
      target,
    },
    {
      id: 'listings-vendor-clubs',
      group: 'listings',
      title: 'Vendor Clubs: each category, all and two cities',
      connections,
      requests: clubs,
      target,
    },
    {
      // Decision 088: the vendors of the nearest branches by the GiST index of their pins; the
      // scale data has 100,000 branches across the ten cities.
      id: 'listings-nearest-branches',
      group: 'listings',
      title: `Near me: the nearest ${NEAREST} of 100,000 branches, from ${NEAR_POSITIONS.toLocaleString('en-US')} positions`,
      connections,
      requests: nearMePositions().map((position) => get(`/api/marketplace/vendors?${position}&limit=${NEAREST}`)),
      target: p99Below(NEAREST_P99_MS, connections),
    },
    {
      id: 'listings-deep-pages',
      group: 'listings',
      title: `Deep pages (${DEEP_PAGES.join(', ')}) by keyset cursor`,
      connections,
      requests: deep,
      target,
    },
  ];
}
