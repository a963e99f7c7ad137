import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { tooManyRequests } from '@server/errors';
import { consumeRateLimit } from '@server/lib/rate-limit';
import { serverText } from '@server/lib/texts';

/**
 * How often a write may run, declared by the route beside its schema (`config.budget`), counted
 * per signed-in user, per vendor (all its members together) or per address, in the shared
 * database. A request from nobody signed in is counted by its address; the route's own guard
 * refuses it after. Bad input is refused by validation first and is not counted.
 */
export interface CountedBudget {
  per: 'user' | 'vendor' | 'ip';
  max: number;
  windowMs: number;
}

/**
 * Why a write limits itself instead (the budget of its job lives in its own code, counted the way
 * only it can: sign-in doors, typed codes, held codes, API keys, signed webhooks), named so a
 * reader finds it.
 */
export interface OwnBudget {
  handledBy: string;
}

export type RouteBudget = CountedBudget | OwnBudget;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Every write declares one; the adversarial suite holds every POST, PUT, PATCH and DELETE to it. */
    budget?: RouteBudget;
  }
}

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;

/** RATE_LIMIT_MAX's default: budgets count as declared; a load test or a journey raising it raises them in proportion. */
const DECLARED_AT_RATE_LIMIT_MAX = 10;

/** The budget's maximum under RATE_LIMIT_MAX, as the typed-code limit follows it (stamp-code-settings.ts). */
export function budgetMax(budget: CountedBudget, rateLimitMax: number): number {
  return Math.max(budget.max, Math.floor((budget.max * rateLimitMax) / DECLARED_AT_RATE_LIMIT_MAX));
}

async function budgetKey(request: FastifyRequest, per: CountedBudget['per']): Promise<string> {
  const route = `${request.method} ${request.routeOptions.url ?? request.url}`;
  if (per !== 'ip') {
    const viewer = await request.viewer();
    const vendorId = viewer?.membership?.vendorId;
    if (per === 'vendor' && vendorId) return `budget:${route}:vendor:${vendorId}`;
    if (viewer) return `budget:${route}:user:${viewer.userId}`;
  }
  return `budget:${route}:ip:${request.ip}`;
}

export const writeBudgetsPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preHandler', async (request) => {
    const budget = request.routeOptions.config?.budget;
    if (!budget || 'handledBy' in budget) return;
    const { database, clock, config } = app.deps;
    const key = await budgetKey(request, budget.per);
    const max = budgetMax(budget, config.rateLimitMax);
    const limit = await consumeRateLimit(database.db, key, max, budget.windowMs, clock.now());
    if (!limit.allowed)
      throw tooManyRequests(
        serverText('auth:error.waitSeconds', { count: limit.retryAfterSeconds }),
        limit.retryAfterSeconds,
      );
  });
});
