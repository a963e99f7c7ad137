import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { trackRequestsInFlight } from './requests-in-flight';

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A GET whose client gives up as soon as the server has the request. */
function getAndLeave(url: string, started: Promise<void>): Promise<void> {
  return new Promise((resolve) => {
    const request = http.get(url, { agent: false });
    request.on('error', () => resolve());
    void started.then(() => request.destroy());
  });
}

describe('requests in flight', () => {
  it('keeps the close waiting for a handler whose client has left', async () => {
    const app = Fastify();
    const requests = trackRequestsInFlight(app);
    const started = deferred();
    const release = deferred();
    let handlerFinished = false;
    app.get('/slow', async () => {
      started.resolve();
      await release.promise;
      handlerFinished = true;
      return { done: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;

    await getAndLeave(`http://127.0.0.1:${port}/slow`, started.promise);
    expect(requests.size).toBe(1);
    let idle = false;
    const waited = requests.idle().then(() => (idle = true));
    await sleep(50);
    expect(idle).toBe(false);

    release.resolve();
    await waited;
    expect(handlerFinished).toBe(true);
    expect(requests.size).toBe(0);
    await app.close();
  });

  it('counts a request answered without a handler (a 404, a refusal by a hook) as done', async () => {
    const app = Fastify();
    const requests = trackRequestsInFlight(app);
    app.register(async (guarded) => {
      guarded.addHook('onRequest', async (_request, reply) => reply.code(403).send({ refused: true }));
      guarded.get('/guarded', async () => ({ never: true }));
    });
    app.get('/sync', (_request, reply) => {
      void reply.send({ sync: true });
    });

    expect((await app.inject({ url: '/missing' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/guarded' })).statusCode).toBe(403);
    expect((await app.inject({ url: '/sync' })).json()).toEqual({ sync: true });
    expect(requests.size).toBe(0);
    await requests.idle();
    await app.close();
  });
});
