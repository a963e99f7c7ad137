import os from 'node:os';
import autocannon from 'autocannon';

export interface LoadRequest {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  /** Built for each request, so every request can carry a fresh code. */
  body?: () => string;
}

export interface LoadResult {
  connections: number;
  seconds: number;
  requests: number;
  requestsPerSecond: number;
  p50Ms: number;
  p90Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Non-2xx answers plus connection errors and timeouts. */
  errors: number;
  /**
   * Requests sent and still unanswered when the run ended. A closed loop always ends with about one
   * per connection in flight; all of them and no answer means every request took longer than the run.
   */
  unanswered: number;
  statusCodes: Record<string, number>;
  /** A few answers that were not 2xx, to say why. */
  sampleFailures: string[];
  /** 1-minute load average of the machine when the run ended. */
  loadAverage: number;
}

const MAX_SAMPLE_FAILURES = 3;

function toAutocannonRequests(requests: readonly LoadRequest[], failures: string[]): autocannon.Request[] {
  return requests.map((request) => ({
    method: request.method,
    path: request.path,
    headers: { ...(request.body ? { 'content-type': 'application/json' } : {}), ...request.headers },
    ...(request.body ? { setupRequest: (raw: autocannon.Request) => ({ ...raw, body: request.body!() }) } : {}),
    onResponse: (status: number, body: string) => {
      if ((status < 200 || status >= 300) && failures.length < MAX_SAMPLE_FAILURES) {
        failures.push(`${status} ${request.method} ${request.path}: ${body.slice(0, 200)}`);
      }
    },
  }));
}

function run(options: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

/**
 * One closed-loop run: `connections` keep-alive connections, one request in flight on each (no
 * pipelining), each walking through `requests` in order, for `duration` seconds after an unmeasured
 * warm-up.
 */
export async function runLoad(options: {
  baseUrl: string;
  requests: readonly LoadRequest[];
  connections: number;
  duration: number;
  warmup: number;
  /** Called after the warm-up, just before the measured run (to sample CPU time there). */
  onMeasuredRunStart?: () => Promise<void>;
}): Promise<LoadResult> {
  const common = { url: options.baseUrl, connections: options.connections, pipelining: 1, timeout: 30 };
  if (options.warmup > 0) {
    await run({ ...common, duration: options.warmup, requests: toAutocannonRequests(options.requests, []) });
  }
  await options.onMeasuredRunStart?.();
  const failures: string[] = [];
  const result = await run({
    ...common,
    duration: options.duration,
    requests: toAutocannonRequests(options.requests, failures),
  });
  const statusCodes = Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {}).map(([code, stats]) => [
      code,
      (stats as { count?: number }).count ?? 0,
    ]),
  );
  const answered = Object.values(statusCodes).reduce((sum, count) => sum + count, 0);
  return {
    connections: options.connections,
    seconds: result.duration,
    requests: answered,
    requestsPerSecond: Math.round((answered / result.duration) * 10) / 10,
    p50Ms: result.latency.p50,
    p90Ms: result.latency.p90,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
    errors: result.non2xx + result.errors,
    unanswered: Math.max(0, result.requests.sent - answered - result.errors),
    statusCodes,
    sampleFailures: failures,
    loadAverage: Math.round((os.loadavg()[0] ?? 0) * 100) / 100,
  };
}
