import type { FastifyBaseLogger } from 'fastify';
import { liveEventSchema, type LiveEvent } from '@shared/notifications/live';
import type { DatabaseHandle } from '@server/db/client';
import { LIVE_CHANNEL } from './notify-live';

export type LiveListener = (event: LiveEvent) => void;

export interface LiveHub {
  /** Resolves once this server is LISTENing, so no event after this point is missed. */
  subscribe(userId: string, listener: LiveListener): Promise<() => void>;
  close(): Promise<void>;
}

/**
 * This server's end of the live fan-out: one LISTEN on the shared channel for the whole process
 * (opened on the first subscriber), forwarding each NOTIFY to the streams of that user here.
 * Every app server on the database does the same, so a stamp committed anywhere reaches the
 * customer's stream wherever it is connected.
 */
export function createLiveHub(database: DatabaseHandle, log: FastifyBaseLogger): LiveHub {
  const listenersByUser = new Map<string, Set<LiveListener>>();
  let listening: Promise<() => Promise<void>> | null = null;

  function dispatch(payload: string): void {
    let message: { userId?: unknown; event?: unknown };
    try {
      message = JSON.parse(payload) as typeof message;
    } catch {
      log.warn({ payload }, 'Ignoring a live notification that is not JSON');
      return;
    }
    const parsed = liveEventSchema.safeParse(message.event);
    if (typeof message.userId !== 'string' || !parsed.success) return;
    for (const listener of listenersByUser.get(message.userId) ?? []) listener(parsed.data);
  }

  /**
   * LISTEN was lost (a database restart) and is back: events committed in between never reached
   * this server, so every stream here is told to refresh what it shows.
   */
  function resync(): void {
    log.info('Live events resumed after a lost database connection; asking open streams to refresh');
    for (const listeners of listenersByUser.values()) {
      for (const listener of listeners) listener({ type: 'cards.changed' });
    }
  }

  function startListening(): Promise<() => Promise<void>> {
    if (!listening) {
      listening = database.listen(LIVE_CHANNEL, dispatch, { onResumed: resync }).catch((error: unknown) => {
        listening = null; // the next subscriber tries again
        throw error;
      });
    }
    return listening;
  }

  return {
    async subscribe(userId, listener) {
      await startListening();
      let listeners = listenersByUser.get(userId);
      if (!listeners) {
        listeners = new Set();
        listenersByUser.set(userId, listeners);
      }
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) listenersByUser.delete(userId);
      };
    },
    async close() {
      listenersByUser.clear();
      const stop = listening;
      listening = null;
      if (stop) await (await stop.catch(() => async () => undefined))();
    },
  };
}
