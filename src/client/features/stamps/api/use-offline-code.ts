import { useEffect, useState } from 'react';
import type { RotatingCode } from '@shared/stamps/stamps';
import { formatTypedCode } from '@shared/stamps/codes';
import { DEVICE_CODE_PERIOD_SECONDS, deviceCodeAt, deviceCodeRefreshAt } from '@shared/stamps/device-codes';
import { storedDeviceOf } from '@client/features/stamps/device-store';

function codeAt(device: { handle: string; secret: string }, atMs: number): RotatingCode {
  const code = deviceCodeAt(device, atMs);
  const refreshAt = deviceCodeRefreshAt(atMs);
  return {
    qrPayload: code,
    typedCode: formatTypedCode(code),
    // The server accepts a step for one more step after it (decision 040's skew window).
    expiresAt: new Date(refreshAt + DEVICE_CODE_PERIOD_SECONDS * 1000).toISOString(),
    refreshAt: new Date(refreshAt).toISOString(),
  };
}

/**
 * This device's time-based code for the customer, computed here without the network and replaced
 * on every 30-second step; null when this browser holds no device of theirs.
 */
export function useOfflineCode(userId: string, active: boolean): RotatingCode | null {
  const [now, setNow] = useState(0);
  useEffect(() => {
    if (!active) return;
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      const at = Date.now();
      setNow(at);
      timer = setTimeout(tick, deviceCodeRefreshAt(at) - at + 50);
    };
    timer = setTimeout(tick, 0);
    return () => clearTimeout(timer);
  }, [active]);
  if (!active || now === 0) return null;
  const device = storedDeviceOf(userId);
  return device ? codeAt(device, now) : null;
}
