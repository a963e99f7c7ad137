import { PassThrough } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LIVE_HEARTBEAT_MS } from '@shared/notifications/live';
import { tooManyRequests } from '@server/errors';
import { requireViewer } from '@server/plugins/authentication';
import { sessionCookieReader } from '@server/plugins/session-cookie';
import { createLiveHub } from './live-hub';

/** Open streams one session (a browser's tabs) and one address (a shop's Wi-Fi) may hold on this server. */
export const LIVE_STREAMS_PER_SESSION = 5;
export const LIVE_STREAMS_PER_ADDRESS = 20;
/** A refused stream's Retry-After: a tab is usually closed by then. */
const LIVE_RETRY_AFTER_SECONDS = 30;

/**
 * GET /api/live: a server-sent-events stream of the signed-in customer's stamps and rewards.
 * Each event is one `data: <LiveEvent JSON>` message; comments keep proxies from closing it.
 */
export const liveRoutes: FastifyPluginAsyncZod = async (app) => {
  const hub = createLiveHub(app.deps.database, app.log);
  const openStreams = new Set<() => void>();
  const cookies = await sessionCookieReader(app.deps.auth);
  const openPer = new Map<string, number>();
  const release = (key: string) => {
    const left = (openPer.get(key) ?? 1) - 1;
    if (left > 0) openPer.set(key, left);
    else openPer.delete(key);
  };

  // Open streams would hold the server open forever: end them before it closes.
  app.addHook('preClose', async () => {
    for (const close of [...openStreams]) close();
  });
  app.addHook('onClose', async () => {
    await hub.close();
  });

  app.get('/live', async (request, reply) => {
    const viewer = await requireViewer(request);
    // Each stream holds a connection and a listener until it closes: a cap per session and per address.
    const keys = [`session:${cookies.tokenOf(request) ?? viewer.userId}`, `address:${request.ip}`];
    const caps = [LIVE_STREAMS_PER_SESSION, LIVE_STREAMS_PER_ADDRESS];
    if (keys.some((key, index) => (openPer.get(key) ?? 0) >= caps[index]!))
      throw tooManyRequests(
        `Too many live connections are open (at most ${LIVE_STREAMS_PER_SESSION} per session and ${LIVE_STREAMS_PER_ADDRESS} per address). Close another tab and try again.`,
        LIVE_RETRY_AFTER_SECONDS,
      );
    for (const key of keys) openPer.set(key, (openPer.get(key) ?? 0) + 1);
    const stream = new PassThrough();
    const unsubscribe = await hub
      .subscribe(viewer.userId, (event) => {
        stream.write(`data: ${JSON.stringify(event)}\n\n`);
      })
      .catch((error: unknown) => {
        for (const key of keys) release(key);
        throw error;
      });
    const heartbeat = setInterval(() => stream.write(': heartbeat\n\n'), LIVE_HEARTBEAT_MS);
    heartbeat.unref();

    let closed = false;
    const close = () => {
      if (closed) return;
      closed = true;
      clearInterval(heartbeat);
      for (const key of keys) release(key);
      unsubscribe();
      openStreams.delete(close);
      stream.end();
    };
    openStreams.add(close);
    reply.raw.on('close', close);

    // retry: how long the browser waits before reconnecting after a drop (SPEC.md: 1 to 10 s).
    stream.write('retry: 2000\n: connected\n\n');
    return reply
      .header('content-type', 'text/event-stream; charset=utf-8')
      .header('cache-control', 'no-cache, no-transform')
      .header('x-accel-buffering', 'no')
      .send(stream);
  });
};
