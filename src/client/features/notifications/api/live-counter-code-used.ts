import { useEffect, useRef, useState } from 'react';
import { liveEventSchema } from '@shared/notifications/live';

/**
 * Listens to the live channel (GET /api/live) while the counter screen is open and calls `onUsed`
 * with the id of each counter code of this vendor that a customer just used. Returns whether the
 * channel is connected, so the screen can fall back to polling while it is not.
 */
export function useCounterCodeUsed(onUsed: (used: { cardId: string; codeId: string }) => void): { connected: boolean } {
  const onUsedRef = useRef(onUsed);
  useEffect(() => {
    onUsedRef.current = onUsed;
  });
  const [connected, setConnected] = useState(false);

  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource('/api/live');
    source.onopen = () => setConnected(true);
    // EventSource reconnects by itself; until it does, the screen polls.
    source.onerror = () => setConnected(false);
    source.onmessage = (message: MessageEvent<string>) => {
      let data: unknown;
      try {
        data = JSON.parse(message.data);
      } catch {
        return;
      }
      const parsed = liveEventSchema.safeParse(data);
      if (parsed.success && parsed.data.type === 'counter_code.used') {
        onUsedRef.current({ cardId: parsed.data.cardId, codeId: parsed.data.codeId });
      }
    };
    return () => source.close();
  }, []);
  return { connected };
}
