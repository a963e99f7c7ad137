import { randomUUID } from 'node:crypto';
import type { Customers } from './people';
import { DAY_MS, HOUR_MS, MINUTE_MS, PAKISTAN_OFFSET_MS, type StampClock } from './pakistan-time';
import { apportion, type Random } from './random';
import type { SeededCard } from './vendors';
import type { SeedWriters } from './writers';

export interface ActivityContext {
  random: Random;
  clock: StampClock;
  writers: SeedWriters;
  now: number;
  customers: Customers;
  consumedCodes: boolean;
}

export interface ActivityTotals {
  userCards: number;
  stamps: number;
  rewards: number;
}

/** How many holders a card needs for its stamps: most stop early, a loyal few go round several times. */
function expectedStampsPerHolder(stampsRequired: number): number {
  if (stampsRequired === 1) return 1;
  return (
    0.92 *
    (0.35 + 0.25 * Math.max(1, (stampsRequired + 1) / 2) + 0.25 * 1.5 * stampsRequired + 0.15 * 4 * stampsRequired)
  );
}

function drawStamps(random: Random, stampsRequired: number): number {
  if (stampsRequired === 1) return random.chance(0.1) ? 0 : 1;
  if (random.chance(0.08)) return 0;
  const roll = random.next();
  if (roll < 0.35) return 1;
  if (roll < 0.6) return random.int(Math.min(2, stampsRequired - 1), Math.max(1, stampsRequired - 1));
  if (roll < 0.85) return random.int(stampsRequired, 2 * stampsRequired);
  return random.int(2 * stampsRequired, 6 * stampsRequired);
}

/**
 * Brings the holders' stamps to the card's budget, each within what fits in their window at the
 * card's interval (`caps`). A budget larger than every window can hold is left short.
 */
function fitToBudget(random: Random, stamps: number[], caps: readonly number[], budget: number): void {
  let diff = budget - stamps.reduce((sum, value) => sum + value, 0);
  if (diff > stamps.length) {
    apportion(
      diff,
      stamps.map((value) => value + 1),
    ).forEach((extra, index) => {
      const value = stamps[index] as number;
      const added = Math.min(extra, Math.max(0, (caps[index] as number) - value));
      stamps[index] = value + added;
      diff -= added;
    });
  }
  for (let guard = 0; diff !== 0 && guard < 50 * stamps.length + 1000; guard += 1) {
    const index = random.int(0, stamps.length - 1);
    const value = stamps[index] as number;
    if (diff > 0 && value < (caps[index] as number)) {
      stamps[index] = value + 1;
      diff -= 1;
    } else if (diff < 0 && (value > 1 || (value === 1 && guard > 10 * stamps.length))) {
      stamps[index] = value - 1;
      diff += 1;
    }
  }
}

/** Distinct customers, mostly from the vendor's city and skewed to the most active ones. */
function pickHolders(context: ActivityContext, card: SeededCard, wanted: number): number[] {
  const { random, customers } = context;
  const pool = customers.poolsByCity.get(card.vendor.city)!;
  const everyone = customers.ids.length;
  const chosen = new Set<number>();
  const latestJoin = card.windowEnd - HOUR_MS;
  const attempts = wanted * 20 + 100;
  for (let attempt = 0; attempt < attempts && chosen.size < wanted; attempt += 1) {
    const local = pool.length > 0 && random.chance(0.85);
    // Low indices are the regulars: the most active customer holds a few dozen cards, most hold one or two.
    const skew = Math.pow(random.next(), 1.5);
    const index = local ? (pool[Math.floor(skew * pool.length)] as number) : Math.floor(random.next() * everyone);
    if ((customers.createdAt[index] as number) > latestJoin) continue;
    chosen.add(index);
  }
  return [...chosen];
}

/**
 * A customer's visits between `from` and `to`, in order and at least the card's interval apart.
 * Visits that do not fit (a long series on a young card) are dropped rather than squeezed.
 */
function visitTimes(
  context: ActivityContext,
  count: number,
  from: number,
  to: number,
  intervalMinutes: number,
): number[] {
  const { random, clock } = context;
  if (count === 0) return [];
  // A regular comes every few days for a while; others drop by now and then over months.
  const span = Math.min(to - from, count * (DAY_MS + random.exponential(9 * DAY_MS)));
  const start = from + random.next() * (to - from - span);
  const times = Array.from({ length: count }, () => clock.instantBetween(start, start + span)).sort((a, b) => a - b);
  const gap = Math.max(intervalMinutes * MINUTE_MS, 1000);
  for (let i = 1; i < times.length; i += 1) {
    const previous = times[i - 1] as number;
    if ((times[i] as number) - previous < gap) times[i] = previous + gap + random.next() * 30 * MINUTE_MS;
  }
  // Pushed past the end: pull back from `to`, keeping the gaps.
  if ((times[times.length - 1] as number) > to) {
    times[times.length - 1] = to;
    for (let i = times.length - 2; i >= 0; i -= 1)
      times[i] = Math.min(times[i] as number, (times[i + 1] as number) - gap);
  }
  return times.filter((time) => time >= from);
}

function codeId(random: Random): string {
  return `${Math.floor(random.next() * 2 ** 48).toString(36)}${Math.floor(random.next() * 2 ** 48).toString(36)}`;
}

async function writeHolder(
  context: ActivityContext,
  card: SeededCard,
  customerIndex: number,
  stampCount: number,
): Promise<{ stamps: number; rewards: number }> {
  const { random, writers, now, customers } = context;
  const userId = customers.ids[customerIndex] as string;
  const from = Math.max(card.windowStart, customers.createdAt[customerIndex] as number);
  const times = visitTimes(context, stampCount, from, card.windowEnd, card.intervalMinutes);
  const userCardId = randomUUID();
  const required = card.stampsRequired;
  // Joined just before the first stamp (never before signing up), or some time in the window.
  const joinedAt =
    times.length > 0
      ? (times[0] as number) - random.next() * Math.min(10 * MINUTE_MS, (times[0] as number) - from)
      : from + random.next() * (card.windowEnd - from);
  const cycles = Math.floor(times.length / required);
  const remainder = times.length % required;
  // The last completed cycle may still wait for its reward to be confirmed at the counter.
  const awaitingReward = cycles > 0 && remainder === 0 && random.chance(0.35);

  let startedAt = joinedAt;
  for (let cycle = 0; cycle < cycles; cycle += 1) {
    const earnedAt = times[(cycle + 1) * required - 1] as number;
    const pending = awaitingReward && cycle === cycles - 1;
    let redeemedAt: number | null = null;
    if (!pending) {
      const nextVisit = times[(cycle + 1) * required] ?? Math.min(now, earnedAt + 14 * DAY_MS);
      redeemedAt = earnedAt + (0.05 + random.next() * 0.9) * (nextVisit - earnedAt);
      startedAt = redeemedAt;
    }
    await writers.rewards.write([
      randomUUID(),
      userId,
      card.vendor.id,
      card.id,
      userCardId,
      card.rewardTitle,
      card.rewardDescription,
      card.rewardValue,
      pending ? 'earned' : 'redeemed',
      new Date(earnedAt),
      redeemedAt === null ? null : new Date(redeemedAt),
      redeemedAt === null ? null : random.pick(card.vendor.issuers),
      new Date(earnedAt),
    ]);
  }

  const months = card.vendor.stampsByMonth;
  for (const issuedAt of times) {
    const local = new Date(issuedAt + PAKISTAN_OFFSET_MS);
    const month = local.getUTCFullYear() * 12 + local.getUTCMonth();
    months.set(month, (months.get(month) ?? 0) + 1);
    // Half the stamps come from a customer scanning the counter code, half from staff scanning My QR.
    const byStaff = random.chance(0.5);
    const code = codeId(random);
    const issued = new Date(issuedAt);
    await writers.stamps.write([
      randomUUID(),
      userCardId,
      card.vendor.id,
      card.id,
      userId,
      byStaff ? `customer:${code}` : `counter:${code}`,
      issued,
      issued,
      byStaff ? random.pick(card.vendor.issuers) : userId,
    ]);
    if (context.consumedCodes)
      await writers.consumed_codes.write([byStaff ? `customer:${code}:${card.id}` : `counter:${code}`, userId, issued]);
  }

  const lastStampAt = times.length > 0 ? (times[times.length - 1] as number) : null;
  await writers.user_cards.write([
    userCardId,
    userId,
    card.id,
    awaitingReward ? required : remainder,
    awaitingReward ? 'completed' : 'active',
    new Date(startedAt),
    awaitingReward ? new Date(lastStampAt!) : null,
    lastStampAt === null ? null : new Date(lastStampAt),
    new Date(joinedAt),
  ]);
  return { stamps: times.length, rewards: cycles };
}

/** The holders of one card with their stamps and rewards, consistent with what the app would have written. */
export async function generateCardActivity(
  context: ActivityContext,
  card: SeededCard,
  totals: ActivityTotals,
): Promise<number> {
  if (card.budget <= 0 || card.windowEnd - card.windowStart < HOUR_MS) return 0;
  const { random } = context;
  const wanted = Math.max(1, Math.round(card.budget / expectedStampsPerHolder(card.stampsRequired)));
  const holders = pickHolders(context, card, wanted);
  if (holders.length === 0) return 0;
  // The most visits a holder's window takes at the card's interval (plus the usual half-hour spread).
  const gap = Math.max(card.intervalMinutes * MINUTE_MS, 1000) + 30 * MINUTE_MS;
  const caps = holders.map((index) => {
    const from = Math.max(card.windowStart, context.customers.createdAt[index] as number);
    return Math.max(1, Math.floor((card.windowEnd - from) / gap));
  });
  const stamps = holders.map((_, index) => Math.min(drawStamps(random, card.stampsRequired), caps[index] as number));
  fitToBudget(random, stamps, caps, card.budget);
  for (let i = 0; i < holders.length; i += 1) {
    const written = await writeHolder(context, card, holders[i] as number, stamps[i] as number);
    totals.stamps += written.stamps;
    totals.rewards += written.rewards;
  }
  totals.userCards += holders.length;
  return holders.length;
}
