import { useEffect } from 'react';

/**
 * Keeps the screen awake while `active` (Screen Wake Lock API). The browser drops the lock when
 * the page is hidden, so it is asked for again each time the page is shown. Where the API is
 * missing or the browser refuses (battery saver), the screen sleeps as usual and nothing is said.
 */
export function useWakeLock(active: boolean): void {
  useEffect(() => {
    if (!active || typeof navigator === 'undefined' || !('wakeLock' in navigator)) return;
    let lock: WakeLockSentinel | null = null;
    let ended = false;
    const acquire = () => {
      if (document.visibilityState !== 'visible' || (lock && !lock.released)) return;
      navigator.wakeLock.request('screen').then(
        (granted) => {
          if (ended) void granted.release();
          else lock = granted;
        },
        () => undefined,
      );
    };
    acquire();
    document.addEventListener('visibilitychange', acquire);
    return () => {
      ended = true;
      document.removeEventListener('visibilitychange', acquire);
      void lock?.release().catch(() => undefined);
    };
  }, [active]);
}
