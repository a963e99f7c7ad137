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

/** hh:mm:ss; hours keep counting past 24 rather than rolling over. */
export function formatCountdown(milliseconds: number): string {
  const totalSeconds = Math.floor(milliseconds / 1000);
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  return [hours, minutes, seconds].map((part) => String(part).padStart(2, '0')).join(':');
}
