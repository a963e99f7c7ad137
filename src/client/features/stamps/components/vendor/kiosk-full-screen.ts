import { useSyncExternalStore } from 'react';

/** Chromium's Keyboard Lock: in full screen it hands a short Escape to the page (a long press still leaves). */
interface KeyboardLock {
  lock(keys: string[]): Promise<void>;
}

function keyboardLock(): KeyboardLock | null {
  if (!('keyboard' in navigator)) return null;
  const keyboard: unknown = navigator.keyboard;
  return keyboard && typeof keyboard === 'object' && 'lock' in keyboard && typeof keyboard.lock === 'function'
    ? (keyboard as KeyboardLock)
    : null;
}

/**
 * Asks for the whole page full screen (call it from a tap or click). Browsers always let the
 * person leave full screen (Escape, a swipe, the system bar); the kiosk stays a kiosk then, and
 * only its PIN leads back to the other pages. A refusal leaves the page as it is.
 */
export function enterFullScreen(): void {
  const page = document.documentElement;
  if (!document.fullscreenEnabled || document.fullscreenElement || !page.requestFullscreen) return;
  page.requestFullscreen({ navigationUI: 'hide' }).then(
    () =>
      void keyboardLock()
        ?.lock(['Escape'])
        .catch(() => undefined),
    () => undefined,
  );
}

export function exitFullScreen(): void {
  if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
}

function subscribe(onChange: () => void) {
  document.addEventListener('fullscreenchange', onChange);
  return () => document.removeEventListener('fullscreenchange', onChange);
}

/** Whether the page is full screen now, and whether this browser offers it at all (phones' Safari does not). */
export function useFullScreen(): { fullScreen: boolean; available: boolean } {
  const fullScreen = useSyncExternalStore(
    subscribe,
    () => document.fullscreenElement !== null,
    () => false,
  );
  const available = useSyncExternalStore(
    subscribe,
    () => document.fullscreenEnabled,
    () => false,
  );
  return { fullScreen, available };
}
