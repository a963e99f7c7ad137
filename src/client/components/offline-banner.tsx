import { useEffect, useState } from 'react';
import { WifiOff, Wifi } from 'lucide-react';
import { hasSignal, subscribeToSignal, useOnlineStatus } from '@client/lib/use-online-status';

export const OFFLINE_TEXT = 'No internet connection. Some features may not work properly.';
export const RESTORED_TEXT = 'Connection restored!';
const RESTORED_VISIBLE_MS = 3000;

/**
 * In the page's flow at its top, not floating: a bar fixed over the page covered the buttons under
 * it on a small phone (Continue on /auth). Dialogs (z-50) cover it like the rest of the page. "No
 * signal" is the connection the app sees (use-online-status.ts): the browser offline, or requests
 * that reach no server while the browser says online.
 */
export function OfflineBanner() {
  const online = useOnlineStatus();
  const [restoredVisible, setRestoredVisible] = useState(false);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let had = hasSignal();
    const unsubscribe = subscribeToSignal(() => {
      const has = hasSignal();
      if (has === had) return;
      had = has;
      clearTimeout(timer);
      setRestoredVisible(has);
      if (has) timer = setTimeout(() => setRestoredVisible(false), RESTORED_VISIBLE_MS);
    });
    return () => {
      clearTimeout(timer);
      unsubscribe();
    };
  }, []);

  const message = !online ? 'offline' : restoredVisible ? 'restored' : null;

  return (
    // The live region stays mounted so screen readers announce text that appears inside it.
    <div aria-live="polite" className="flex justify-center px-3 empty:hidden sm:px-4">
      {message === 'offline' ? (
        <div
          role="status"
          className="mt-3 flex w-full max-w-xl items-center gap-3 rounded-xl border border-yellow-400 bg-yellow-100 px-4 py-3 text-sm font-medium text-yellow-950 shadow-sm"
        >
          <WifiOff aria-hidden="true" className="size-5 shrink-0 text-yellow-800" />
          <span>{OFFLINE_TEXT}</span>
        </div>
      ) : null}
      {message === 'restored' ? (
        <div
          role="status"
          className="mt-3 flex w-full max-w-xl items-center gap-3 rounded-xl border border-green-900 bg-green-800 px-4 py-3 text-sm font-medium text-white shadow-sm"
        >
          <Wifi aria-hidden="true" className="size-5 shrink-0" />
          <span>{RESTORED_TEXT}</span>
        </div>
      ) : null}
    </div>
  );
}
