import { describe, expect, it } from 'vitest';
import {
  heldOutByKey,
  heldOutCount,
  holdOutPercentSchema,
  liftOf,
  LIFT_MIN_GROUP,
  newcombeDifference,
  wilsonInterval,
  type GroupOutcome,
} from './hold-out';

describe('Wilson and Newcombe intervals', () => {
  it('gives the Wilson interval of 56/70 computed by hand', () => {
    // By hand: p = 0.8, n = 70, z = 1.96 (z² = 3.8415). Denominator 1 + 3.8415/70 = 1.054878.
    // Centre (0.8 + 3.8415/140) / 1.054878 = 0.827439 / 1.054878 = 0.784395.
    // Half-width 1.96 × √(0.8 × 0.2 / 70 + 3.8415 / 19600) / 1.054878
    //   = 1.96 × √(0.0022857 + 0.00019600) / 1.054878 = 1.96 × 0.049809 / 1.054878 = 0.092547.
    // Interval 0.784395 ± 0.092547 = 0.6918 to 0.8769.
    const interval = wilsonInterval(56, 70);
    expect(interval.lower).toBeCloseTo(0.6918, 4);
    expect(interval.upper).toBeCloseTo(0.877, 3);
  });

  it('matches the published examples of Newcombe (1998), method 10', () => {
    // Newcombe, Statistics in Medicine 17:873-890, table II: (a) 56/70 − 48/80, (b) 9/10 − 3/10,
    // (e) 5/56 − 0/29. By hand for (a): the Wilson limits are 0.6918..0.8770 for 56/70 and
    // 0.4905..0.7004 for 48/80; d = 0.8 − 0.6 = 0.2; lower 0.2 − √(0.1082² + 0.1004²) = 0.0524,
    // upper 0.2 + √(0.0770² + 0.1095²) = 0.3339.
    const a = newcombeDifference(56, 70, 48, 80);
    expect(a.difference).toBeCloseTo(0.2, 10);
    expect(a.lower).toBeCloseTo(0.0524, 4);
    expect(a.upper).toBeCloseTo(0.3339, 4);
    const b = newcombeDifference(9, 10, 3, 10);
    expect(b.lower).toBeCloseTo(0.1705, 4);
    expect(b.upper).toBeCloseTo(0.809, 4);
    const e = newcombeDifference(5, 56, 0, 29);
    expect(e.lower).toBeCloseTo(-0.0381, 4);
    expect(e.upper).toBeCloseTo(0.1926, 4);
  });

  it('stays within -1 and 1 where Wald would not', () => {
    const all = newcombeDifference(10, 10, 0, 20);
    expect(all.upper).toBeLessThanOrEqual(1);
    expect(all.lower).toBeCloseTo(0.6791, 4);
  });
});

describe('who is held back', () => {
  it('holds back the share rounded down', () => {
    expect(heldOutCount(300, 10)).toBe(30);
    expect(heldOutCount(9, 10)).toBe(0);
    expect(heldOutCount(19, 10)).toBe(1);
    expect(heldOutCount(1000, 0)).toBe(0);
    expect(heldOutCount(7, 50)).toBe(3);
  });

  it('decides an automated send by its key, the same every time, near the share over many keys', () => {
    expect(heldOutByKey('welcome:v:u:1', 0)).toBe(false);
    expect(heldOutByKey('welcome:v:u:1', 10)).toBe(heldOutByKey('welcome:v:u:1', 10));
    const keys = Array.from({ length: 10_000 }, (_, index) => `win_back:vendor:user-${index}:2026-03-01`);
    const held = keys.filter((key) => heldOutByKey(key, 10)).length;
    expect(held).toBeGreaterThan(900);
    expect(held).toBeLessThan(1100);
  });

  it('takes 0 to 50 percent and refuses the rest naming the share', () => {
    expect(holdOutPercentSchema.safeParse(0).success).toBe(true);
    expect(holdOutPercentSchema.safeParse(50).success).toBe(true);
    for (const bad of [-1, 51, 10.5, '10']) {
      const result = holdOutPercentSchema.safeParse(bad);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toMatch(/^Hold-out share must be/);
    }
  });
});

function group(customers: number, returned14: number, returned30: number, visits: number): GroupOutcome {
  return { customers, returned: { 14: returned14, 30: returned30 }, visits };
}

describe('the lift of a send', () => {
  const complete = { 14: true, 30: true };

  it('gives the lift in points with its interval, the extra visits and the rupees', () => {
    // 270 received, 120 came back within 30 days with 180 visits; 30 held back, 9 came back with 12 visits.
    const lift = liftOf({
      percent: 10,
      received: group(270, 100, 120, 180),
      heldOut: group(30, 6, 9, 12),
      complete,
      averageSpendRupees: 500,
    });
    expect(lift.enough).toBe(true);
    const thirty = lift.windows.find((window) => window.days === 30)!;
    expect(thirty.receivedRate).toBe(44.4);
    expect(thirty.heldOutRate).toBe(30);
    // 120/270 − 9/30 = 0.1444; Newcombe −0.0435 to 0.2905 (computed by hand as above).
    expect(thirty.lift).toEqual({ points: 14.4, lower: -4.4, upper: 29.1 });
    // Visits per customer 180/270 = 0.6667 against 12/30 = 0.4: 0.2667 × 270 = 72 extra visits, × Rs 500.
    expect(lift.extraVisits).toBe(72);
    expect(lift.estimatedRupees).toBe(36_000);
  });

  it('says nothing of the lift while a group is under the minimum, and no rupees without a spend', () => {
    const small = liftOf({
      percent: 10,
      received: group(270, 100, 120, 180),
      heldOut: group(LIFT_MIN_GROUP - 1, 6, 9, 12),
      complete: { 14: true, 30: false },
      averageSpendRupees: 500,
    });
    expect(small.enough).toBe(false);
    expect(small.windows.every((window) => window.lift === null)).toBe(true);
    expect(small.extraVisits).toBeNull();
    expect(small.estimatedRupees).toBeNull();
    expect(small.windows[1]!.complete).toBe(false);
    const noSpend = liftOf({
      percent: 10,
      received: group(40, 10, 10, 10),
      heldOut: group(40, 10, 10, 10),
      complete,
      averageSpendRupees: null,
    });
    expect(noSpend.extraVisits).toBe(0);
    expect(noSpend.estimatedRupees).toBeNull();
  });
});
