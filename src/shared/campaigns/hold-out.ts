import { z } from 'zod';

/**
 * Hold-out groups and lift (issue 44 part 3, decision 083). A campaign or an automation may hold
 * back a random share of its audience: they receive nothing, on any channel. Their return to the
 * shop is then compared with the return of those it was meant for, and the difference is what the
 * message did. The rules and the statistics here are pure, for the server's figures and the pages.
 */

/** The share held back, in percent of the audience: the composer offers 5 to 20, validation takes 0 to 50. */
export const HOLD_OUT_PERCENT_MIN = 0;
export const HOLD_OUT_PERCENT_MAX = 50;
export const DEFAULT_HOLD_OUT_PERCENT = 10;
/** The shares the composer and the automations page offer (0: none). */
export const HOLD_OUT_CHOICES = [0, 5, 10, 15, 20] as const;

/** The days after the send within which a visit counts as a return. */
export const LIFT_WINDOWS = [14, 30] as const;
export type LiftWindow = (typeof LIFT_WINDOWS)[number];
/** The window whose visits make the extra visits and rupees. */
export const EXTRA_VISITS_WINDOW: LiftWindow = 30;

/**
 * The rule for "large enough to say something": at least this many customers in each group. Below
 * it the page says "not enough customers yet". With the default 10% that is an audience of 300.
 */
export const LIFT_MIN_GROUP = 30;

/** The two-sided 95% normal quantile. */
export const Z_95 = 1.959963984540054;

export const HOLD_OUT_PERCENT_MESSAGE = `Hold-out share must be a whole number from ${HOLD_OUT_PERCENT_MIN} to ${HOLD_OUT_PERCENT_MAX} percent.`;

export const holdOutPercentSchema = z
  .number({ error: HOLD_OUT_PERCENT_MESSAGE })
  .int(HOLD_OUT_PERCENT_MESSAGE)
  .min(HOLD_OUT_PERCENT_MIN, HOLD_OUT_PERCENT_MESSAGE)
  .max(HOLD_OUT_PERCENT_MAX, HOLD_OUT_PERCENT_MESSAGE);

/**
 * How many of a campaign's audience are held back: the share of it, rounded down, so a campaign to
 * fewer than 10 customers at 10% holds back nobody (there is nothing to measure with one person).
 */
export function heldOutCount(audience: number, percent: number): number {
  return Math.floor((audience * percent) / 100);
}

/**
 * Whether one automated send is held back: its unique key hashed (FNV-1a, 32 bits) to a fraction
 * of one, below the share. The same key always answers the same, so a job run twice decides the
 * same; keys differ per customer and occasion, so who is held back is spread at random.
 */
export function heldOutByKey(key: string, percent: number): boolean {
  if (percent <= 0) return false;
  let hash = 0x811c9dc5;
  for (let index = 0; index < key.length; index += 1) {
    hash ^= key.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash / 2 ** 32 < percent / 100;
}

/** Wilson's score interval for a proportion `successes / n` at the 95% level. */
export function wilsonInterval(successes: number, n: number, z = Z_95): { lower: number; upper: number } {
  if (n <= 0) return { lower: 0, upper: 1 };
  const p = successes / n;
  const z2 = z * z;
  const denominator = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denominator;
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / denominator;
  return { lower: Math.max(0, centre - half), upper: Math.min(1, centre + half) };
}

/**
 * The difference of two proportions p1 − p2 with Newcombe's hybrid score interval (Newcombe 1998,
 * method 10): each proportion's Wilson interval, combined. Unlike the Wald interval it stays inside
 * −1..1 and keeps its 95% coverage for small groups and rates near 0 or 1.
 */
export function newcombeDifference(
  x1: number,
  n1: number,
  x2: number,
  n2: number,
): { difference: number; lower: number; upper: number } {
  const p1 = x1 / n1;
  const p2 = x2 / n2;
  const one = wilsonInterval(x1, n1);
  const two = wilsonInterval(x2, n2);
  const difference = p1 - p2;
  return {
    difference,
    lower: difference - Math.sqrt((p1 - one.lower) ** 2 + (two.upper - p2) ** 2),
    upper: difference + Math.sqrt((one.upper - p1) ** 2 + (p2 - two.lower) ** 2),
  };
}

/** One group's outcome after a send: its customers, how many came back within each window, their visits. */
export interface GroupOutcome {
  customers: number;
  returned: Record<LiftWindow, number>;
  /** Visits within EXTRA_VISITS_WINDOW days of the send, all of the group's customers together. */
  visits: number;
}

const windowLiftSchema = z.object({
  days: z.number().int(),
  /** Whether the window has ended for every send counted (else the figures still grow). */
  complete: z.boolean(),
  receivedReturned: z.number().int(),
  heldOutReturned: z.number().int(),
  /** Share of each group that came back, in percent (one decimal). */
  receivedRate: z.number(),
  heldOutRate: z.number(),
  /** The lift and its 95% interval in percentage points (one decimal); null while the groups are too small. */
  lift: z.object({ points: z.number(), lower: z.number(), upper: z.number() }).nullable(),
});

export const holdOutResultSchema = z.object({
  /** The share held back (for an automation, of the sends counted: the share in force at each). */
  percent: z.number().int(),
  received: z.number().int(),
  heldOut: z.number().int(),
  /** Both groups hold at least LIFT_MIN_GROUP customers. */
  enough: z.boolean(),
  windows: z.array(windowLiftSchema),
  /** Visits within 30 days beyond what the held-back group's rate predicts, for the received group; null while too small. */
  extraVisits: z.number().int().nullable(),
  /** extraVisits × the vendor's average spend per visit, in rupees; null without that figure. */
  estimatedRupees: z.number().int().nullable(),
});
export type HoldOutResult = z.infer<typeof holdOutResultSchema>;

const oneDecimal = (value: number) => Math.round(value * 1000) / 10;

/**
 * The lift of a send from its two groups: per window the return rates and, once both groups are
 * large enough, the difference in percentage points with its 95% Newcombe interval; the extra
 * visits (the received group's visits per customer above the held-back group's, times the
 * received group) and the rupees they mean at the vendor's average spend per visit.
 */
export function liftOf(input: {
  percent: number;
  received: GroupOutcome;
  heldOut: GroupOutcome;
  complete: Record<LiftWindow, boolean>;
  averageSpendRupees: number | null;
}): HoldOutResult {
  const { received, heldOut } = input;
  const enough = received.customers >= LIFT_MIN_GROUP && heldOut.customers >= LIFT_MIN_GROUP;
  const rate = (returned: number, customers: number) => (customers > 0 ? oneDecimal(returned / customers) : 0);
  const windows = LIFT_WINDOWS.map((days) => {
    const difference = enough
      ? newcombeDifference(received.returned[days], received.customers, heldOut.returned[days], heldOut.customers)
      : null;
    return {
      days,
      complete: input.complete[days],
      receivedReturned: received.returned[days],
      heldOutReturned: heldOut.returned[days],
      receivedRate: rate(received.returned[days], received.customers),
      heldOutRate: rate(heldOut.returned[days], heldOut.customers),
      lift: difference
        ? {
            points: oneDecimal(difference.difference),
            lower: oneDecimal(difference.lower),
            upper: oneDecimal(difference.upper),
          }
        : null,
    };
  });
  const extraVisits = enough
    ? Math.round((received.visits / received.customers - heldOut.visits / heldOut.customers) * received.customers)
    : null;
  return {
    percent: input.percent,
    received: received.customers,
    heldOut: heldOut.customers,
    enough,
    windows,
    extraVisits,
    estimatedRupees:
      extraVisits !== null && input.averageSpendRupees !== null ? extraVisits * input.averageSpendRupees : null,
  };
}
