import diagnostics from 'node:diagnostics_channel';
import type { FastifyContextConfig, FastifyInstance, RouteOptions } from 'fastify';
import type { ZodType } from 'zod';

/** One method and address of the app, with the zod schemas it validates with. */
export interface RouteEntry {
  method: string;
  url: string;
  config: FastifyContextConfig;
  body?: ZodType;
  querystring?: ZodType;
  params?: ZodType;
}

function schemaPart(schema: RouteOptions['schema'], part: 'body' | 'querystring' | 'params'): ZodType | undefined {
  const value = (schema as Record<string, unknown> | undefined)?.[part];
  return value && typeof value === 'object' && 'safeParse' in value ? (value as ZodType) : undefined;
}

/**
 * Every route of the app `build` creates, as buildApp registers them: Fastify announces each new
 * instance on the `fastify.initialization` diagnostics channel, where an onRoute hook is added
 * before any plugin registers a route. So a route added tomorrow is in the suites without anyone
 * listing it.
 */
export async function captureRouteTable<T>(build: () => Promise<T>): Promise<{ result: T; routes: RouteEntry[] }> {
  const routes: RouteEntry[] = [];
  const channel = diagnostics.channel('fastify.initialization');
  let captured = false;
  const onInit = (message: unknown) => {
    if (captured) return;
    captured = true;
    const { fastify } = message as { fastify: FastifyInstance };
    fastify.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) {
        // Fastify adds a HEAD route beside each GET; it runs the GET handler.
        if (method === 'HEAD') continue;
        routes.push({
          method,
          url: route.url,
          config: (route.config ?? {}) as FastifyContextConfig,
          body: schemaPart(route.schema, 'body'),
          querystring: schemaPart(route.schema, 'querystring'),
          params: schemaPart(route.schema, 'params'),
        });
      }
    });
  };
  channel.subscribe(onInit);
  try {
    const result = await build();
    return { result, routes };
  } finally {
    channel.unsubscribe(onInit);
  }
}

export function routeName(route: Pick<RouteEntry, 'method' | 'url'>): string {
  return `${route.method} ${route.url}`;
}
