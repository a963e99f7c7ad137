import { HOUR_WEIGHTS, WEEKDAY_WEIGHTS } from './catalogue';
import { WeightedTable, type Random } from './random';

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;
/** Pakistan Standard Time is UTC+5 all year. */
export const PAKISTAN_OFFSET_MS = 5 * HOUR_MS;
const MAX_WEEKDAY_WEIGHT = Math.max(...WEEKDAY_WEIGHTS);

/** Instants at which people plausibly collect stamps: busy evenings, busier weekends. */
export class StampClock {
  private readonly hours = new WeightedTable(HOUR_WEIGHTS);

  constructor(private readonly random: Random) {}

  /** A plausible moment between `fromMs` and `toMs`. */
  instantBetween(fromMs: number, toMs: number): number {
    if (toMs - fromMs < DAY_MS) return fromMs + this.random.next() * Math.max(0, toMs - fromMs);
    for (let attempt = 0; attempt < 8; attempt += 1) {
      const anyInstant = fromMs + this.random.next() * (toMs - fromMs);
      const localDayStart = Math.floor((anyInstant + PAKISTAN_OFFSET_MS) / DAY_MS) * DAY_MS;
      const weekday = new Date(localDayStart).getUTCDay();
      if (!this.random.chance((WEEKDAY_WEIGHTS[weekday] ?? 1) / MAX_WEEKDAY_WEIGHT)) continue;
      const local = localDayStart + this.hours.sample(this.random) * HOUR_MS + this.random.next() * HOUR_MS;
      const instant = local - PAKISTAN_OFFSET_MS;
      if (instant >= fromMs && instant <= toMs) return instant;
    }
    return fromMs + this.random.next() * (toMs - fromMs);
  }
}
