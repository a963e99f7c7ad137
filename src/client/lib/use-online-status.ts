import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

/*
 * Whether the app has signal: the browser says it is online AND our requests reach the server.
 * At a Pakistani counter the second fails far more often than the first (Wi-Fi without internet,
 * a page reloaded without signal while the browser still believes it is online), so a request
 * that fails to reach the server counts as no signal until one reaches it again: the screens
 * show the kept copy and the offline My QR code, and the queries wait instead of failing.
 */

/** How often the server is asked again while requests fail and the browser says it is online. */
const PROBE_EVERY_MS = 3_000;

let unreachable = false;
let probe: ReturnType<typeof setTimeout> | undefined;
/** Asks the server again (api-client.ts); its answer, or none, is reported like any request's. */
let askServer: () => void = () => undefined;
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

function setUnreachable(value: boolean): void {
  if (unreachable === value) return;
  unreachable = value;
  notify();
}

function probeAfter(delayMs: number): void {
  clearTimeout(probe);
  probe = setTimeout(() => askServer(), delayMs);
}

/** A request got no answer at all (not an HTTP error): treat it like no signal, and ask again later. */
export function reportServerUnreachable(askAgain: () => void): void {
  askServer = askAgain;
  setUnreachable(true);
  probeAfter(PROBE_EVERY_MS);
}

/** A request got an answer: the signal is back, if it was gone. */
export function reportServerReached(): void {
  clearTimeout(probe);
  setUnreachable(false);
}

/** Calls `onChange` whenever the signal may have changed (read it with hasSignal). */
export function subscribeToSignal(onChange: () => void): () => void {
  listeners.add(onChange);
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

export function hasSignal(): boolean {
  return navigator.onLine && !unreachable;
}

// Pre-rendered HTML assumes a connection; the browser corrects it on hydration.
function getServerSnapshot(): boolean {
  return true;
}

/** True while the browser reports a connection and the server answers our requests. */
export function useOnlineStatus(): boolean {
  return useSyncExternalStore(subscribeToSignal, hasSignal, getServerSnapshot);
}

/**
 * TanStack Query follows the same signal: without it, queries and writes wait (paused) instead
 * of failing, and go on when it returns, as they already did when the browser said offline.
 */
export function followSignalInQueries(): void {
  onlineManager.setEventListener((setOnline) => subscribeToSignal(() => setOnline(hasSignal())));
  // The browser says the signal is back: ask the server at once rather than at the next probe.
  window.addEventListener('online', () => {
    if (unreachable) probeAfter(0);
  });
}
