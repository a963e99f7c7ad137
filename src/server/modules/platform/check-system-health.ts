import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { HealthService, ServiceHealth, ServiceState, SystemHealth } from '@shared/platform/admin-dashboard';
import { serverText } from '@server/lib/texts';
import type { AppDeps } from '@server/app-deps';
import { createPaymentProvider } from '@server/modules/billing/create-payment-provider';

const CHECK_TIMEOUT_MS = 5_000;
const SLOW_DATABASE_MS = 1_000;
/** A channel of its own, so probes never reach the customers' live streams. */
const PROBE_CHANNEL = 'chaska_health_probe';

interface CheckResult {
  status: ServiceState;
  detail: string;
  latencyMs: number | null;
}

class TimeoutError extends Error {}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimeoutError(`no answer within ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

async function timed(run: () => Promise<Omit<CheckResult, 'latencyMs'>>): Promise<CheckResult> {
  const started = performance.now();
  try {
    const result = await withTimeout(run(), CHECK_TIMEOUT_MS);
    return { ...result, latencyMs: Math.round(performance.now() - started) };
  } catch (error) {
    return { status: 'down', detail: reasonOf(error), latencyMs: null };
  }
}

async function checkDatabase(deps: AppDeps): Promise<CheckResult> {
  const result = await timed(async () => {
    await deps.database.ping();
    return {
      status: 'operational',
      detail: serverText(
        deps.database.kind === 'pglite' ? 'admin:health.detail.pglite' : 'admin:health.detail.postgres',
      ),
    };
  });
  if (result.status === 'operational' && (result.latencyMs ?? 0) > SLOW_DATABASE_MS) {
    return { ...result, status: 'degraded', detail: serverText('admin:health.detail.slow', { detail: result.detail }) };
  }
  return result;
}

async function checkEmail(deps: AppDeps): Promise<CheckResult> {
  const transport = deps.email.transport;
  return timed(async () => {
    const ok = await transport.verify();
    if (transport.name === 'outbox') return { status: 'operational', detail: serverText('admin:health.detail.outbox') };
    return ok
      ? { status: 'operational', detail: serverText('admin:health.detail.smtpAccepted') }
      : { status: 'down', detail: serverText('admin:health.detail.smtpRefused') };
  });
}

async function checkPayments(deps: AppDeps): Promise<CheckResult> {
  const described = createPaymentProvider(deps.config).describe();
  // The sandbox at its default address is served by this very process: if this answers, so does it.
  if (described.id === 'sandbox' && described.apiBase.startsWith(deps.config.publicUrl)) {
    return {
      status: 'operational',
      detail: serverText('admin:health.detail.servedHere', { provider: described.name }),
      latencyMs: 0,
    };
  }
  return timed(async () => {
    // Any HTTP answer means the provider is reachable; only a network failure or timeout is "down".
    const response = await fetch(described.apiBase, { method: 'HEAD', signal: AbortSignal.timeout(CHECK_TIMEOUT_MS) });
    return {
      status: response.status >= 500 ? 'degraded' : 'operational',
      detail: serverText('admin:health.detail.providerAnswered', {
        provider: described.name,
        status: response.status,
        host: new URL(described.apiBase).host,
      }),
    };
  });
}

/** A real round trip through LISTEN/NOTIFY, the path every live stamp update takes between servers. */
async function checkLiveEvents(deps: AppDeps): Promise<CheckResult> {
  return timed(async () => {
    const token = randomUUID();
    let received!: () => void;
    const arrived = new Promise<void>((resolve) => {
      received = resolve;
    });
    const stop = await deps.database.listen(PROBE_CHANNEL, (payload) => {
      if (payload === token) received();
    });
    try {
      await deps.database.db.execute(sql`select pg_notify(${PROBE_CHANNEL}, ${token})`);
      await withTimeout(arrived, CHECK_TIMEOUT_MS - 500);
      return { status: 'operational', detail: serverText('admin:health.detail.probeDelivered') };
    } finally {
      await stop();
    }
  });
}

const CHECKS: Array<[HealthService, (deps: AppDeps) => Promise<CheckResult>]> = [
  ['database', checkDatabase],
  ['email', checkEmail],
  ['payments', checkPayments],
  ['liveEvents', checkLiveEvents],
];

/**
 * System health from real checks. "since" is when this server saw the service enter its current
 * state; a service healthy at its first check counts from the app's start, so it shows the uptime.
 */
export function createHealthMonitor(deps: AppDeps) {
  const lastState = new Map<HealthService, { status: ServiceState; since: Date }>();

  return async function checkSystemHealth(now: Date): Promise<SystemHealth> {
    const results = await Promise.all(CHECKS.map(async ([service, check]) => [service, await check(deps)] as const));
    const services: ServiceHealth[] = results.map(([service, result]) => {
      const previous = lastState.get(service);
      const firstSeen = result.status === 'operational' ? deps.startedAt : now;
      const since = previous ? (previous.status === result.status ? previous.since : now) : firstSeen;
      lastState.set(service, { status: result.status, since });
      return { service, ...result, since: since.toISOString() };
    });
    return { services, appStartedAt: deps.startedAt.toISOString(), checkedAt: now.toISOString() };
  };
}
