import { randomUUID } from 'node:crypto';
import type { CardType } from '../../src/shared/cards/cards';
import { CITIES, type City, type VendorCategory } from '../../src/shared/places';
import { CITY_CENTRES } from '../../src/shared/vendors/branches';
import { PLANS, isUnlimited, type PlanId, type SubscriptionPlan } from '../../src/shared/billing/plans';
import { slugify } from '../../src/shared/slug';
import { defaultOpeningHours } from '../../src/shared/vendors/vendors';
import {
  AREAS,
  CARD_TYPE_WEIGHTS,
  CATEGORIES,
  CATEGORY_WEIGHTS,
  CITY_WEIGHTS,
  INTERVAL_WEIGHTS,
  NAME_PREFIXES,
  STREETS,
} from './catalogue';
import { generateStaffMember, generateVendorOwner, type PeopleContext } from './people';
import { DAY_MS, HOUR_MS } from './pakistan-time';
import type { CopyValue } from './copy-writer';
import { apportion, Random, WeightedTable } from './random';

const MONTH_MS = 30 * DAY_MS;
/** A plan is chosen so that the busiest month stays well under its monthly stamp limit. */
const MONTHLY_LIMIT_HEADROOM = 2.5;
/** Large vendors sit in the three biggest cities, as the busiest chains would. */
const LARGE_VENDOR_PLACES: ReadonlyArray<readonly [City, VendorCategory, string]> = [
  ['Karachi', 'restaurant', 'Kolachi Karahi House'],
  ['Lahore', 'cafe', 'Liberty Chai Khana'],
  ['Islamabad', 'bakery', 'Margalla Bakers'],
];

export interface SeededCard {
  id: string;
  vendor: SeededVendor;
  name: string;
  description: string;
  type: CardType;
  status: 'active' | 'draft' | 'paused' | 'archived';
  stampsRequired: number;
  intervalMinutes: number;
  rewardTitle: string;
  rewardDescription: string;
  rewardValue: number;
  createdAt: number;
  updatedAt: number;
  /** Stamps can fall between these instants (the card's life while its vendor was open). */
  windowStart: number;
  windowEnd: number;
  budget: number;
  deal: { dealPrice: number; originalPrice: number; endsAt: number; stockLeft: number } | null;
  membershipFeeYearly: number | null;
  featuredOrder: number | null;
  /** A points card (decision 085): its points per 100 PKR; null on a stamp card. */
  pointsPer100Pkr: number | null;
}

export type SubscriptionState = 'active' | 'past_due' | 'canceled' | 'inactive';

export interface SeededVendor {
  id: string;
  number: number;
  large: boolean;
  city: City;
  category: VendorCategory;
  /** The owner and staff: who scans customers' codes and confirms rewards. */
  issuers: string[];
  cards: SeededCard[];
  plan: SubscriptionPlan;
  subscriptionStatus: SubscriptionState;
  /** Stamps per Pakistan calendar month (year * 12 + month), counted as the activity is written. */
  stampsByMonth: Map<number, number>;
  /** The vendors row, written once the activity has settled the plan. */
  row(): CopyValue[];
  /** The shop's address and pin: its main branch (decision 084). */
  place: BranchPlace;
}

interface BranchPlace {
  address: string;
  area: string;
  phone: string;
  whatsapp: string | null;
  openingHours: string;
  latitude: number;
  longitude: number;
  createdAt: number;
}

interface VendorDraft {
  number: number;
  large: boolean;
  city: City;
  category: VendorCategory;
  status: 'approved' | 'pending' | 'suspended' | 'rejected';
  createdAt: number;
  reviewedAt: number | null;
  closedAt: number | null;
  /** When it last could issue stamps: now, or its suspension or closure. */
  activeUntil: number;
  budget: number;
}

export interface VendorContext extends PeopleContext {
  months: number;
}

const cityTable = new WeightedTable(CITY_WEIGHTS);
const categoryTable = new WeightedTable(CATEGORY_WEIGHTS);
const cardTypeTable = new WeightedTable(CARD_TYPE_WEIGHTS);
const intervalTable = new WeightedTable(INTERVAL_WEIGHTS);
const stampsRequiredTable = new WeightedTable<number>([
  [4, 6],
  [5, 10],
  [6, 14],
  [7, 10],
  [8, 20],
  [10, 25],
  [12, 10],
  [15, 5],
]);
/** The plan a vendor would pick for its features alone; a busy vendor needs a bigger one. */
const desiredPlanTable = new WeightedTable<PlanId>([
  ['starter', 55],
  ['standard', 25],
  ['premium', 13],
  ['enterprise', 7],
]);

function between(random: Random, from: number, to: number): number {
  return from + random.next() * Math.max(0, to - from);
}

function activeMonths(draft: VendorDraft, historyStart: number): number {
  if (draft.reviewedAt === null) return 0;
  return Math.max(0, draft.activeUntil - Math.max(draft.reviewedAt, historyStart)) / MONTH_MS;
}

function draftVendor(context: VendorContext, number: number, large: boolean): VendorDraft {
  const { random, now } = context;
  const historyStart = now - context.months * MONTH_MS;
  const place = LARGE_VENDOR_PLACES[(number - 1) % LARGE_VENDOR_PLACES.length]!;
  const roll = random.next();
  const status = large
    ? 'approved'
    : roll < 0.92
      ? 'approved'
      : roll < 0.96
        ? 'pending'
        : roll < 0.98
          ? 'suspended'
          : 'rejected';
  let createdAt: number;
  if (large) createdAt = now - (context.months + 2 + random.next() * 3) * MONTH_MS;
  else if (status === 'pending') createdAt = now - random.next() * 10 * DAY_MS;
  else if (random.chance(0.65)) createdAt = historyStart - random.next() * 12 * MONTH_MS;
  else createdAt = between(random, historyStart, now - 3 * DAY_MS);
  const reviewedAt = status === 'pending' ? null : createdAt + between(random, 6 * HOUR_MS, 3 * DAY_MS);
  const closedAt = status === 'approved' && !large && random.chance(0.01) ? between(random, reviewedAt!, now) : null;
  const suspendedAt = status === 'suspended' ? between(random, reviewedAt!, now) : null;
  return {
    number,
    large,
    city: large ? place[0] : cityTable.sample(random),
    category: large ? place[1] : categoryTable.sample(random),
    status,
    createdAt,
    reviewedAt,
    closedAt,
    activeUntil: closedAt ?? suspendedAt ?? (status === 'approved' ? now : (reviewedAt ?? now)),
    budget: 0,
  };
}

/** Large vendors get their share first; the rest follows a heavy tail, weighted by how long each was open. */
function assignBudgets(
  context: VendorContext,
  drafts: VendorDraft[],
  totalStamps: number,
  largeVendorStamps: number,
): void {
  const historyStart = context.now - context.months * MONTH_MS;
  const large = drafts.filter((draft) => draft.large);
  const others = drafts.filter((draft) => !draft.large && activeMonths(draft, historyStart) > 0.05);
  const largeEach =
    large.length === 0
      ? 0
      : Math.min(largeVendorStamps, Math.floor((totalStamps * (others.length > 0 ? 0.6 : 1)) / large.length));
  for (const draft of large) draft.budget = largeEach;
  const rest = totalStamps - largeEach * large.length;
  const weights = others.map(
    (draft) =>
      Math.min(context.random.pareto(1, 1.16), 250 + context.random.next() * 250) *
      Math.min(1, activeMonths(draft, historyStart) / context.months),
  );
  apportion(rest, weights).forEach((budget, index) => {
    others[index]!.budget = budget;
  });
}

function choosePlan(context: VendorContext, draft: VendorDraft): { plan: SubscriptionPlan; status: SubscriptionState } {
  const { random } = context;
  const enterprise = PLANS.find((plan) => plan.id === 'enterprise')!;
  if (draft.large) return { plan: enterprise, status: 'active' };
  const months = Math.max(1, activeMonths(draft, context.now - context.months * MONTH_MS));
  const monthly = (draft.budget / months) * MONTHLY_LIMIT_HEADROOM;
  const minimumIndex = PLANS.findIndex(
    (plan) => isUnlimited(plan.limits.maxStampsPerMonth) || plan.limits.maxStampsPerMonth >= monthly,
  );
  const desiredIndex = PLANS.findIndex((plan) => plan.id === desiredPlanTable.sample(random));
  const plan = PLANS[Math.max(minimumIndex, desiredIndex)]!;
  if (plan.id === 'starter') return { plan, status: random.chance(0.6) ? 'active' : 'inactive' };
  // Canceled falls back to starter limits, so only vendors that fit them may have canceled.
  if (minimumIndex === 0 && random.chance(0.05)) return { plan, status: 'canceled' };
  return { plan, status: random.chance(0.06) ? 'past_due' : 'active' };
}

function businessName(random: Random, category: VendorCategory, city: City): string {
  const noun = random.pick(CATEGORIES[category].nouns);
  const name = `${random.pick(NAME_PREFIXES)} ${noun}`;
  return random.chance(0.3) ? `${name} ${random.pick(AREAS[city])}` : name;
}

function cardTypesFor(random: Random, plan: SubscriptionPlan, count: number, large: boolean): CardType[] {
  // Daily deals come with the standard plan and above (SPEC.md section 9).
  const allowed = (type: CardType) => plan.id !== 'starter' || (type !== 'daily_chaska' && type !== 'exclusive');
  const types: CardType[] = [];
  if (large) types.push('hot_shot', 'daily_chaska', 'exclusive', 'free');
  while (types.length < count) {
    const type = cardTypeTable.sample(random);
    if (allowed(type)) types.push(type);
  }
  return types.slice(0, count);
}

function buildCard(
  context: VendorContext,
  vendor: SeededVendor,
  draft: VendorDraft,
  type: CardType,
  status: SeededCard['status'],
  first: boolean,
): SeededCard {
  const { random, now } = context;
  const vocabulary = CATEGORIES[draft.category];
  const reviewedAt = draft.reviewedAt ?? draft.createdAt;
  let createdAt = first
    ? reviewedAt + random.next() * 3 * DAY_MS
    : between(random, reviewedAt, draft.activeUntil - 7 * DAY_MS);
  let deal: SeededCard['deal'] = null;
  const [rewardTitle, rewardValue] = random.pick(vocabulary.rewards);
  let updatedAt = createdAt;
  let windowEnd = draft.activeUntil;
  if (status === 'paused' || status === 'archived') {
    updatedAt = between(random, createdAt, draft.activeUntil);
    windowEnd = updatedAt;
  }
  if (type === 'daily_chaska') {
    const originalPrice = Math.round(between(random, 400, 3000) / 10) * 10;
    const dealPrice = Math.round((originalPrice * between(random, 0.5, 0.7)) / 10) * 10;
    // A live deal today for the large vendors and about half the rest; others ended in the past.
    const live = status === 'active' && draft.activeUntil >= now && (vendor.large || random.chance(0.5));
    if (live) createdAt = now - between(random, 2 * HOUR_MS, 20 * HOUR_MS);
    const endsAt = live
      ? now + between(random, 2 * HOUR_MS, 40 * HOUR_MS)
      : createdAt + between(random, DAY_MS, 3 * DAY_MS);
    updatedAt = Math.max(updatedAt, createdAt);
    windowEnd = Math.min(windowEnd, endsAt, now);
    deal = { dealPrice, originalPrice, endsAt, stockLeft: random.int(0, 40) };
    return {
      id: randomUUID(),
      vendor,
      name: `Daily Chaska: ${rewardTitle.replace(/^Free /, '')}`,
      description: `Today only at ${vendor.city}: ${dealPrice} instead of ${originalPrice} PKR while stock lasts.`,
      type,
      status,
      stampsRequired: 1,
      intervalMinutes: random.chance(0.5) ? 0 : 60,
      rewardTitle,
      rewardDescription: 'Show this deal at the counter.',
      rewardValue: originalPrice - dealPrice,
      createdAt,
      updatedAt,
      windowStart: Math.max(createdAt, now - context.months * MONTH_MS),
      windowEnd,
      budget: 0,
      deal,
      membershipFeeYearly: null,
      featuredOrder: null,
      pointsPer100Pkr: null,
    };
  }
  return {
    id: randomUUID(),
    vendor,
    name: random.pick(vocabulary.cardNames),
    description: `${vocabulary.description} Collect a stamp with every visit.`,
    type,
    status,
    stampsRequired: first && vendor.large ? 10 : stampsRequiredTable.sample(random),
    // The first card of a large vendor keeps the default hour: it is the card the bench stamps.
    intervalMinutes: first && vendor.large ? 60 : intervalTable.sample(random),
    rewardTitle,
    rewardDescription: `${rewardTitle} on your next visit.`,
    rewardValue,
    createdAt,
    updatedAt,
    windowStart: Math.max(createdAt, now - context.months * MONTH_MS),
    windowEnd,
    budget: 0,
    deal,
    membershipFeeYearly: type === 'exclusive' ? random.pick([999, 1499, 1999, 2999]) : null,
    featuredOrder: null,
    pointsPer100Pkr: null,
  };
}

/** The points card the bench awards on (10 points per 100 PKR, a reward at 1,000), beside the first card. */
function benchPointsCard(first: SeededCard): SeededCard {
  return {
    ...first,
    id: randomUUID(),
    name: `${first.name} Points`,
    description: 'Points on every bill.',
    type: 'free',
    status: 'active',
    stampsRequired: 1000,
    deal: null,
    membershipFeeYearly: null,
    budget: 0,
    pointsPer100Pkr: 10,
  };
}

function buildCards(
  context: VendorContext,
  vendor: SeededVendor,
  draft: VendorDraft,
  plan: SubscriptionPlan,
): SeededCard[] {
  const { random } = context;
  if (draft.status === 'pending' || draft.status === 'rejected') return [];
  const activeCount = draft.large
    ? 6
    : plan.id === 'starter'
      ? 1
      : plan.id === 'standard'
        ? random.int(1, 3)
        : plan.id === 'premium'
          ? random.int(2, 6)
          : random.int(3, 8);
  const statuses: SeededCard['status'][] = Array.from({ length: activeCount }, () => 'active' as const);
  if (random.chance(0.2)) statuses.push('draft');
  if (random.chance(0.12)) statuses.push('paused');
  if (random.chance(0.1)) statuses.push('archived');
  const types = cardTypesFor(random, plan, statuses.length, draft.large);
  const cards = statuses.map((status, index) => buildCard(context, vendor, draft, types[index]!, status, index === 0));

  // Daily deals sell a few dozen; the other cards share the rest by how popular each is.
  let left = draft.budget;
  for (const card of cards) {
    if (card.type !== 'daily_chaska' || card.status === 'draft' || card.windowEnd <= card.windowStart) continue;
    card.budget = Math.min(left, random.int(10, 200), Math.ceil(draft.budget * 0.08));
    left -= card.budget;
  }
  const stampCards = cards.filter(
    (card) => card.type !== 'daily_chaska' && card.status !== 'draft' && card.windowEnd - card.windowStart > HOUR_MS,
  );
  const weights = stampCards.map(
    (card) => (0.5 + random.next() * 1.5) * (card.status === 'paused' ? 0.5 : card.status === 'archived' ? 0.3 : 1),
  );
  apportion(left, weights).forEach((budget, index) => {
    stampCards[index]!.budget = budget;
  });
  // A large vendor also has a points card with no history yet: the bench's points run awards on it.
  if (draft.large) cards.push(benchPointsCard(cards[0]!));
  return cards;
}

function openingHours(random: Random) {
  const hours = defaultOpeningHours();
  if (random.chance(0.3)) hours.friday = { open: '14:00', close: '23:00', closed: false };
  if (random.chance(0.15)) hours.sunday = { open: '09:00', close: '22:00', closed: true };
  return hours;
}

/**
 * A vendor whose busiest month went over its plan's stamp limit would have been refused those
 * stamps, so it is moved up to the smallest plan that allowed them (a bigger plan allows every
 * card the smaller one did). A lapsed subscription is renewed at the same time.
 */
export function settlePlan(vendor: SeededVendor): void {
  const peak = Math.max(0, ...vendor.stampsByMonth.values());
  const inForce =
    vendor.subscriptionStatus === 'active' || vendor.subscriptionStatus === 'past_due' ? vendor.plan : PLANS[0]!;
  if (isUnlimited(inForce.limits.maxStampsPerMonth) || peak <= inForce.limits.maxStampsPerMonth) return;
  const current = PLANS.indexOf(vendor.plan);
  vendor.plan = PLANS.find(
    (plan, index) =>
      index >= current && (isUnlimited(plan.limits.maxStampsPerMonth) || plan.limits.maxStampsPerMonth >= peak),
  )!;
  vendor.subscriptionStatus = 'active';
}

/**
 * Vendors, their owners (and staff for the large ones), memberships and cards in memory. Owners
 * and memberships are written here; vendors and cards after their activity, which settles the
 * plan and how much stock each daily deal has left.
 */
export async function generateVendors(
  context: VendorContext,
  options: { vendors: number; largeVendors: number; stamps: number; largeVendorStamps: number },
): Promise<SeededVendor[]> {
  const { random, writers, now } = context;
  const drafts = Array.from({ length: options.vendors }, (_, index) =>
    draftVendor(context, index + 1, index < options.largeVendors),
  );
  assignBudgets(context, drafts, options.stamps, options.largeVendorStamps);
  const slugs = new Set<string>();
  const seeded: SeededVendor[] = [];
  let featured = 0;
  for (const draft of drafts) {
    const { plan, status: subscriptionStatus } = choosePlan(context, draft);
    const owner = await generateVendorOwner(
      context,
      draft.number,
      draft.large ? draft.number : null,
      draft.createdAt - random.next() * 2 * DAY_MS,
    );
    const name = draft.large
      ? LARGE_VENDOR_PLACES[(draft.number - 1) % LARGE_VENDOR_PLACES.length]![2]
      : businessName(random, draft.category, draft.city);
    const baseSlug = slugify(`${name} ${draft.city}`);
    let slug = baseSlug;
    for (let suffix = 2; slugs.has(slug); suffix += 1) slug = `${baseSlug}-${suffix}`;
    slugs.add(slug);
    const isFeatured =
      draft.status === 'approved' && draft.closedAt === null && (draft.large || (featured < 12 && random.chance(0.01)));
    const featuredOrder = isFeatured ? (featured += 1) : null;
    const fixed = {
      address: `${random.int(1, 250)} ${random.pick(STREETS)}`,
      area: random.pick(AREAS[draft.city]),
      phone: `+92 ${random.int(21, 99)} ${random.int(3_000_000, 9_999_999)}`,
      whatsapp: random.chance(0.7)
        ? `+92 3${random.int(0, 4)}${random.int(0, 9)} ${random.int(1_000_000, 9_999_999)}`
        : null,
      website: random.chance(0.2) ? `https://${slug}.example.com` : null,
      openingHours: JSON.stringify(openingHours(random)),
      nextBillingAt: now + random.int(1, 30) * DAY_MS,
    };
    // The pin draws from a generator of its own, so the rest of the data stays what the seed made before pins.
    const pin = pinNear(new Random(draft.number), draft.city);
    const vendor: SeededVendor = {
      id: randomUUID(),
      number: draft.number,
      large: draft.large,
      city: draft.city,
      category: draft.category,
      issuers: [owner.id],
      cards: [],
      plan,
      subscriptionStatus,
      stampsByMonth: new Map(),
      row: () => {
        const paid = vendor.subscriptionStatus === 'active' || vendor.subscriptionStatus === 'past_due';
        return [
          vendor.id,
          slug,
          name,
          draft.category,
          CATEGORIES[draft.category].description,
          CATEGORIES[draft.category].logo,
          fixed.address,
          draft.city,
          fixed.area,
          fixed.phone,
          fixed.whatsapp,
          fixed.website,
          `${owner.name} ${owner.surname}`,
          owner.email,
          fixed.openingHours,
          pin.latitude,
          pin.longitude,
          draft.status,
          draft.status === 'rejected' ? 'The business details could not be verified.' : null,
          draft.status === 'suspended' ? 'Repeated customer complaints about refused rewards.' : null,
          draft.reviewedAt === null ? null : new Date(draft.reviewedAt),
          draft.closedAt === null ? null : new Date(draft.closedAt),
          vendor.plan.id,
          vendor.subscriptionStatus,
          paid || vendor.subscriptionStatus === 'canceled' ? `sub_seed_${draft.number}` : null,
          paid ? new Date(fixed.nextBillingAt) : null,
          JSON.stringify(vendor.plan.limits),
          featuredOrder,
          new Date(draft.createdAt),
          new Date(Math.max(draft.reviewedAt ?? draft.createdAt, draft.closedAt ?? 0)),
        ];
      },
      place: { ...fixed, ...pin, createdAt: draft.createdAt },
    };
    await writers.vendor_members.write([vendor.id, owner.id, 'owner', new Date(draft.createdAt)]);
    const staffCount = draft.large
      ? 3
      : plan.id === 'premium' || plan.id === 'enterprise'
        ? random.chance(0.3)
          ? 1
          : 0
        : 0;
    for (let staff = 1; staff <= staffCount; staff += 1) {
      const joinedAt = between(random, draft.reviewedAt ?? draft.createdAt, now - DAY_MS);
      const member = await generateStaffMember(context, draft.number, staff, joinedAt);
      vendor.issuers.push(member.id);
      await writers.vendor_members.write([vendor.id, member.id, 'staff', new Date(joinedAt)]);
    }
    vendor.cards = buildCards(context, vendor, draft, plan);
    seeded.push(vendor);
  }
  // The admin's hand-picked order of exclusive cards.
  seeded
    .flatMap((vendor) => vendor.cards)
    .filter((card) => card.type === 'exclusive' && card.status === 'active')
    .slice(0, 12)
    .forEach((card, index) => {
      card.featuredOrder = index + 1;
    });
  await writeBranches(context, seeded, options.vendors * BRANCHES_PER_VENDOR);
  return seeded;
}

/**
 * Branches in all (decision 088): 10 a vendor on average, so the default scale has 100,000 for
 * "near me" to search. Each vendor's main branch is its own address and pin; a standard plan's
 * vendor fills its 3, a premium one its 10, and the enterprise chains (unlimited) share the rest,
 * across the ten cities. One in fifty extra branches is archived.
 */
const BRANCHES_PER_VENDOR = 10;
/** How far a pin may lie from its city's centre, in degrees each way (about 15 km). */
const CITY_SPREAD_DEGREES = 0.14;

function pinNear(random: Random, city: City): { latitude: number; longitude: number } {
  const centre = CITY_CENTRES[city];
  const offset = () => (random.next() * 2 - 1) * CITY_SPREAD_DEGREES;
  return {
    latitude: Math.round((centre.latitude + offset()) * 1e6) / 1e6,
    longitude: Math.round((centre.longitude + offset()) * 1e6) / 1e6,
  };
}

async function writeBranches(context: VendorContext, seeded: SeededVendor[], total: number): Promise<void> {
  const fixedExtras = (vendor: SeededVendor) =>
    isUnlimited(vendor.plan.limits.maxBranches) ? 0 : vendor.plan.limits.maxBranches - 1;
  const chains = seeded.filter((vendor) => isUnlimited(vendor.plan.limits.maxBranches));
  const chainExtras = total - seeded.length - seeded.reduce((sum, vendor) => sum + fixedExtras(vendor), 0);
  const chainIndex = new Map(chains.map((vendor, index) => [vendor, index]));
  for (const vendor of seeded) {
    const { place } = vendor;
    const random = new Random(1_000_000 + vendor.number);
    const row = (id: string, name: string, city: City, pin: { latitude: number; longitude: number }, main: boolean) => [
      id,
      vendor.id,
      name,
      main ? place.address : `${random.int(1, 250)} ${random.pick(STREETS)}`,
      city,
      main ? place.area : random.pick(AREAS[city]),
      pin.latitude,
      pin.longitude,
      place.phone,
      place.whatsapp,
      place.openingHours,
      'active',
      main,
      !main && random.chance(0.02) ? new Date(context.now) : null,
      new Date(place.createdAt),
      new Date(place.createdAt),
    ];
    await context.writers.branches.write(row(randomUUID(), place.area, vendor.city, place, true));
    const chain = chainIndex.get(vendor);
    const extras =
      chain === undefined
        ? fixedExtras(vendor)
        : Math.max(
            0,
            Math.floor(((chain + 1) * chainExtras) / chains.length) - Math.floor((chain * chainExtras) / chains.length),
          );
    for (let extra = 1; extra <= extras; extra += 1) {
      // A chain's branches go round the ten cities, starting at home; a smaller vendor stays in its city.
      const city = chain === undefined ? vendor.city : CITIES[(CITIES.indexOf(vendor.city) + extra) % CITIES.length]!;
      const area = random.pick(AREAS[city]);
      await context.writers.branches.write(
        row(randomUUID(), `${area} ${extra + 1}`, city, pinNear(random, city), false),
      );
    }
  }
}
