import { useCallback, useSyncExternalStore } from 'react';
import { useBrowserValuesShown } from '@client/lib/use-browser-value';

/** The clock to the second: the same value all through a second, so React can compare readings. */
function currentSecond(): number {
  return Math.floor(Date.now() / 1000) * 1000;
}

function noClockOnTheServer(): null {
  return null;
}

/**
 * Milliseconds left until `endsAt`, ticking every second; null without an end time. Null too while
 * a server-rendered page is hydrated (decision 053): the server's clock and the browser's differ, so
 * the countdown appears with the browser's values after hydration rather than mismatching it. A card
 * without an end time never reads the clock, so it is not rendered again when the values arrive.
 */
export function useCountdown(endsAt: string | null): number | null {
  const subscribe = useCallback(
    (onTick: () => void) => {
      if (!endsAt) return () => undefined;
      const timer = window.setInterval(onTick, 1000);
      return () => window.clearInterval(timer);
    },
    [endsAt],
  );
  const clockShown = useBrowserValuesShown() && endsAt !== null;
  const now = useSyncExternalStore(subscribe, clockShown ? currentSecond : noClockOnTheServer, noClockOnTheServer);
  return now === null ? null : timeLeft(endsAt, now);
}

/** Milliseconds from `now` until `endsAt`, never below zero; null without an end time. */
export function timeLeft(endsAt: string | null, now: number): number | null {
  if (!endsAt) return null;
  return Math.max(0, new Date(endsAt).getTime() - now);
}

/** A catalogue lookup with values: the screen's t, or the English catalogue in tests. */
type Translate = (key: string, values: Record<string, string | number>) => string;

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

/**
 * hh:mm:ss under a day; from a day on, days and hours ("3 days", "2 d 18 h"), as a deal that
 * runs for days would otherwise read "90:22:35".
 */
export function formatCountdown(milliseconds: number, t: Translate): string {
  if (milliseconds >= DAY_MS) {
    const days = Math.floor(milliseconds / DAY_MS);
    const hoursLeft = Math.floor((milliseconds % DAY_MS) / HOUR_MS);
    return hoursLeft === 0
      ? t('marketplace:countdown.days', { count: days })
      : t('marketplace:countdown.daysHours', { days, hours: hoursLeft });
  }
  const totalSeconds = Math.floor(milliseconds / 1000);
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  return [hours, minutes, seconds].map((part) => String(part).padStart(2, '0')).join(':');
}
