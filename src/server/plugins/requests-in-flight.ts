import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * The requests whose work has not finished, for a stop to wait on before the pool ends.
 *
 * Closing the listener waits for open connections, not for work: a client that gives up (a
 * visitor who leaves, a load generator that stops) closes its connection while its request is
 * still reading, and the request goes on to its next query, by then on an ended pool ("Cannot use
 * a pool after calling end"). So a request counts from its first hook until its answer is over
 * (sent, or its connection gone) and its handler has settled, or the lifecycle has reached the
 * answer without one (a refusal by a hook, a 404).
 */
export interface RequestsInFlight {
  readonly size: number;
  /** Resolves once no request is in flight, including those that start meanwhile. */
  idle(): Promise<void>;
}

interface RequestWork {
  answerOver: boolean;
  handlerRunning: boolean;
  lifecycleOver: boolean;
  finish: () => void;
}

const workOf = new WeakMap<FastifyRequest, RequestWork>();

function settleIfDone(work: RequestWork): void {
  if (work.answerOver && work.lifecycleOver && !work.handlerRunning) work.finish();
}

/**
 * Tracks every request of `app`: call it on the root instance before any route is registered
 * (its onRoute hook wraps the handlers registered after it).
 */
export function trackRequestsInFlight(app: FastifyInstance): RequestsInFlight {
  const inFlight = new Set<Promise<void>>();

  app.addHook('onRequest', (request, reply, done) => {
    let finish!: () => void;
    const finished = new Promise<void>((resolve) => (finish = resolve));
    inFlight.add(finished);
    void finished.then(() => inFlight.delete(finished));
    const work: RequestWork = { answerOver: false, handlerRunning: false, lifecycleOver: false, finish };
    workOf.set(request, work);
    const answerOver = () => {
      work.answerOver = true;
      settleIfDone(work);
    };
    // 'close' comes after the answer is written, or as soon as the client's connection goes.
    reply.raw.once('close', answerOver);
    done();
  });
  // Injected requests (tests) finish without a socket to close.
  app.addHook('onResponse', (request, _reply, done) => {
    const work = workOf.get(request);
    if (work) {
      work.answerOver = true;
      settleIfDone(work);
    }
    done();
  });
  // The answer is on its way: no handler runs after this, though one may still be running.
  app.addHook('onSend', (request, _reply, payload, done) => {
    const work = workOf.get(request);
    if (work) {
      work.lifecycleOver = true;
      settleIfDone(work);
    }
    done(null, payload);
  });
  // A handler goes on after its client has left; its promise says when it is done.
  app.addHook('onRoute', (route) => {
    const handler = route.handler;
    route.handler = function handlerInFlight(this: FastifyInstance, request, reply) {
      const work = workOf.get(request);
      const result: unknown = handler.call(this, request, reply);
      if (!work || !isPromise(result)) {
        if (work) {
          work.lifecycleOver = true;
          settleIfDone(work);
        }
        return result;
      }
      work.handlerRunning = true;
      const settled = () => {
        work.handlerRunning = false;
        work.lifecycleOver = true;
        settleIfDone(work);
      };
      result.then(settled, settled);
      return result;
    } as typeof handler;
  });

  return {
    get size() {
      return inFlight.size;
    },
    async idle() {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
  };
}

function isPromise(value: unknown): value is Promise<unknown> {
  return typeof (value as { then?: unknown } | null)?.then === 'function';
}
