/**
 * A small seeded random source, so that one `--seed` always produces the same data set (the
 * generated ids aside): the benchmark can then be compared between machines and commits.
 */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0 || 0x9e3779b9;
  }

  /** mulberry32: fast, good enough for test data, not for secrets. */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** A whole number from min to max, both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** Exponentially distributed, with the given mean. */
  exponential(mean: number): number {
    return -Math.log(1 - this.next()) * mean;
  }

  /** Pareto-distributed (heavy tail): most values near `scale`, a few far above. */
  pareto(scale: number, shape: number): number {
    return scale / Math.pow(1 - this.next(), 1 / shape);
  }
}

/** A weighted choice table built once and sampled many times. */
export class WeightedTable<T> {
  private readonly cumulative: number[] = [];
  private readonly total: number;

  constructor(private readonly entries: ReadonlyArray<readonly [T, number]>) {
    let sum = 0;
    for (const [, weight] of entries) {
      sum += weight;
      this.cumulative.push(sum);
    }
    if (sum <= 0) throw new Error('a weighted table needs a positive weight');
    this.total = sum;
  }

  sample(random: Random): T {
    const target = random.next() * this.total;
    let low = 0;
    let high = this.cumulative.length - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((this.cumulative[middle] as number) > target) high = middle;
      else low = middle + 1;
    }
    return (this.entries[low] as readonly [T, number])[0];
  }
}

/** Splits `total` into whole parts proportional to `weights` (largest remainder), summing exactly. */
export function apportion(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((acc, weight) => acc + weight, 0);
  if (sum <= 0 || weights.length === 0) return weights.map(() => 0);
  const exact = weights.map((weight) => (weight / sum) * total);
  const parts = exact.map((value) => Math.floor(value));
  let missing = total - parts.reduce((acc, part) => acc + part, 0);
  const byRemainder = exact
    .map((value, index) => [value - Math.floor(value), index] as const)
    .sort((a, b) => b[0] - a[0]);
  for (let i = 0; missing > 0; i = (i + 1) % byRemainder.length, missing -= 1) {
    const index = (byRemainder[i] as readonly [number, number])[1];
    parts[index] = (parts[index] as number) + 1;
  }
  return parts;
}
