import { useEffect, useState } from 'react';
import { WifiOff, Wifi } from 'lucide-react';
import { useOnlineStatus } from '@client/lib/use-online-status';

export const OFFLINE_TEXT = 'No internet connection. Some features may not work properly.';
export const RESTORED_TEXT = 'Connection restored!';
const RESTORED_VISIBLE_MS = 3000;

/**
 * Fixed to the bottom edge so it never pushes the page around while the network flickers. It holds
 * nothing to tap, so it lets taps through, and it sits under dialogs (z-50): an open dialog's
 * buttons at the bottom of a small phone stay visible and tappable.
 */
export function OfflineBanner() {
  const online = useOnlineStatus();
  const [restoredVisible, setRestoredVisible] = useState(false);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const handleOnline = () => {
      clearTimeout(timer);
      setRestoredVisible(true);
      timer = setTimeout(() => setRestoredVisible(false), RESTORED_VISIBLE_MS);
    };
    const handleOffline = () => {
      clearTimeout(timer);
      setRestoredVisible(false);
    };
    window.addEventListener('online', handleOnline);
    window.addEventListener('offline', handleOffline);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('online', handleOnline);
      window.removeEventListener('offline', handleOffline);
    };
  }, []);

  const message = !online ? 'offline' : restoredVisible ? 'restored' : null;

  return (
    // The live region stays mounted so screen readers announce text that appears inside it.
    <div
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 bottom-0 z-40 flex justify-center p-3 sm:p-4"
    >
      {message === 'offline' ? (
        <div
          role="status"
          className="flex max-w-xl items-center gap-3 rounded-xl border border-yellow-400 bg-yellow-100 px-4 py-3 text-sm font-medium text-yellow-950 shadow-lg"
        >
          <WifiOff aria-hidden="true" className="size-5 shrink-0 text-yellow-800" />
          <span>{OFFLINE_TEXT}</span>
        </div>
      ) : null}
      {message === 'restored' ? (
        <div
          role="status"
          className="flex max-w-xl items-center gap-3 rounded-xl border border-green-900 bg-green-800 px-4 py-3 text-sm font-medium text-white shadow-lg"
        >
          <Wifi aria-hidden="true" className="size-5 shrink-0" />
          <span>{RESTORED_TEXT}</span>
        </div>
      ) : null}
    </div>
  );
}
