import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { LiveEvent } from '@shared/notifications/live';

const LIVE_EVENT_TYPES: ReadonlyArray<LiveEvent['type']> = ['stamp.collected', 'reward.redeemed', 'cards.changed'];

/** A hand check keeps zod out of this hook; unknown events are ignored. */
export function parseLiveEvent(data: string): LiveEvent | null {
  try {
    const value = JSON.parse(data) as { type?: unknown } | null;
    return value && LIVE_EVENT_TYPES.includes(value.type as LiveEvent['type']) ? (value as LiveEvent) : null;
  } catch {
    return null;
  }
}

/**
 * Listens to GET /api/live (server-sent events) while the screen is open: every event refreshes
 * the customer's dashboard and rewards, and `onEvent` lets the screen say what happened. The
 * browser's EventSource reconnects by itself after a drop; when the signal returns the stream is
 * opened again if the browser gave it up, and the customer's data is read again.
 */
export function useLiveEvents(onEvent?: (event: LiveEvent) => void) {
  const queryClient = useQueryClient();
  const onEventRef = useRef(onEvent);
  useEffect(() => {
    onEventRef.current = onEvent;
  });

  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    // Rotating codes refresh on their own clock; everything else an event may have changed.
    const refreshCustomerData = () =>
      void queryClient.invalidateQueries({
        predicate: (query) =>
          query.queryKey[0] === 'customer' && query.queryKey[1] !== 'my-code' && query.queryKey[1] !== 'reward-code',
      });
    let source: EventSource;
    const open = () => {
      source = new EventSource('/api/live');
      source.onmessage = (message: MessageEvent<string>) => {
        const event = parseLiveEvent(message.data);
        if (!event) return;
        refreshCustomerData();
        onEventRef.current?.(event);
      };
    };
    // Back from no signal: events sent meanwhile were missed, so read again, and listen again at
    // once rather than after the browser's own back-off (or never, if it gave the stream up).
    const resume = () => {
      if (source.readyState !== EventSource.OPEN) {
        source.close();
        open();
      }
      refreshCustomerData();
    };
    open();
    window.addEventListener('online', resume);
    return () => {
      window.removeEventListener('online', resume);
      source.close();
    };
  }, [queryClient]);
}
