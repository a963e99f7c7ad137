import { useEffect, useState } from 'react';

/** Milliseconds left until `endsAt`, ticking every second; null without an end time. */
export function useCountdown(endsAt: string | null): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!endsAt) return undefined;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [endsAt]);
  return timeLeft(endsAt, now);
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
