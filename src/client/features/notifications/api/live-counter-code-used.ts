import { useEffect, useRef, useState } from 'react';
import { liveEventSchema, type LiveEvent } from '@shared/notifications/live';

export type CounterStamped = Omit<Extract<LiveEvent, { type: 'counter.stamped' }>, 'type'>;

/**
 * Listens to the live channel (GET /api/live) while the counter screen is open and calls `onUsed`
 * with the id of each counter code of this vendor that a customer just used. Returns whether the
 * channel is connected, so the screen can fall back to polling while it is not. `onStamped`
 * hears each stamp a customer collected at the counter (the counter tablet confirms it).
 */
export function useCounterCodeUsed(
  onUsed: (used: { cardId: string; codeId: string }) => void,
  onStamped?: (stamped: CounterStamped) => void,
): { connected: boolean } {
  const onUsedRef = useRef(onUsed);
  const onStampedRef = useRef(onStamped);
  useEffect(() => {
    onUsedRef.current = onUsed;
    onStampedRef.current = onStamped;
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
      if (!parsed.success) return;
      if (parsed.data.type === 'counter_code.used') {
        onUsedRef.current({ cardId: parsed.data.cardId, codeId: parsed.data.codeId });
      } else if (parsed.data.type === 'counter.stamped') {
        const { type: _type, ...stamped } = parsed.data;
        onStampedRef.current?.(stamped);
      }
    };
    return () => source.close();
  }, []);
  return { connected };
}
