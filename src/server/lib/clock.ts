/**
 * Where the server reads "now". Routes and use cases take the time from the app's one clock
 * (`app.deps.clock`) and pass it down as a plain `Date`, so a test sets the time once and every
 * rule (monthly limits, weeks, expiries, intervals) sees the same instant on any day of the week.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
