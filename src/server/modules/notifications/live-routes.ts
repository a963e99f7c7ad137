import { PassThrough } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LIVE_HEARTBEAT_MS } from '@shared/notifications/live';
import { requireViewer } from '@server/plugins/authentication';
import { createLiveHub } from './live-hub';

/**
 * GET /api/live: a server-sent-events stream of the signed-in customer's stamps and rewards.
 * Each event is one `data: <LiveEvent JSON>` message; comments keep proxies from closing it.
 */
export const liveRoutes: FastifyPluginAsyncZod = async (app) => {
  const hub = createLiveHub(app.deps.database, app.log);
  const openStreams = new Set<() => void>();

  // Open streams would hold the server open forever: end them before it closes.
  app.addHook('preClose', async () => {
    for (const close of [...openStreams]) close();
  });
  app.addHook('onClose', async () => {
    await hub.close();
  });

  app.get('/live', async (request, reply) => {
    const viewer = await requireViewer(request);
    const stream = new PassThrough();
    const unsubscribe = await hub.subscribe(viewer.userId, (event) => {
      stream.write(`data: ${JSON.stringify(event)}\n\n`);
    });
    const heartbeat = setInterval(() => stream.write(': heartbeat\n\n'), LIVE_HEARTBEAT_MS);
    heartbeat.unref();

    let closed = false;
    const close = () => {
      if (closed) return;
      closed = true;
      clearInterval(heartbeat);
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
