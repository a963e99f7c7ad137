import type {
  ContextConfigDefault,
  FastifyBaseLogger,
  FastifyInstance,
  FastifySchema,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteOptions,
  RouteShorthandOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { input, ZodType } from 'zod';
import type { ApiRoute, PathParamName, ShapeOf } from '@shared/api-route';

/** The app as route plugins see it (FastifyPluginAsyncZod's instance). */
export type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

type Part<T, Key extends string> = T extends { [K in Key]: infer Value } ? Value : undefined;

type StatusOf<R> = R extends ApiRoute<infer _Method, infer _Path, infer _Shape, infer Status> ? Status : never;

type ParamsMismatch<R, S> =
  Part<S, 'params'> extends undefined
    ? [PathParamName<R>] extends [never]
      ? never
      : 'the path has parameters: declare a params schema'
    : Same<Part<S, 'params'> extends infer P extends ZodType ? keyof input<P> : never, PathParamName<R>> extends true
      ? never
      : 'the params schema must name exactly the parameters of the path';

/** Why `schema` is not the contract's route, or never when it is. */
export type ContractMismatch<R, S> =
  | (Same<Part<S, 'querystring'>, Part<ShapeOf<R>, 'query'>> extends true
      ? never
      : 'querystring must be the query schema of the contract')
  | (Same<Part<S, 'body'>, Part<ShapeOf<R>, 'body'>> extends true
      ? never
      : 'body must be the body schema of the contract')
  | (Same<Part<Part<S, 'response'>, `${StatusOf<R>}`>, ShapeOf<R>['response']> extends true
      ? never
      : 'response[status] must be the response schema of the contract')
  | ParamsMismatch<R, S>;

type ServeOptions<S extends FastifySchema, C> = RouteShorthandOptions<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  C,
  S,
  ZodTypeProvider
> & { schema: S };

type Handler<S extends FastifySchema, C> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  C,
  S,
  ZodTypeProvider
>;

/**
 * Registers a route of the contract (src/shared/contract): its method and path come from the
 * contract (less the plugin's prefix), and `options.schema` must hold exactly the zod schemas the
 * contract names for its query, body and success response, and a params schema naming the path's
 * parameters. Anything else fails the typecheck with a `contractMismatch` saying what differs, so
 * the browser's types (taken from the same contract) cannot drift from what the server does.
 */
export function serve<R extends ApiRoute, S extends FastifySchema, C = ContextConfigDefault>(
  app: ZodApp,
  route: R,
  options: ServeOptions<S, C> &
    ([ContractMismatch<R, S>] extends [never] ? unknown : { contractMismatch: ContractMismatch<R, S> }),
  handler: Handler<S, C>,
): void {
  const prefix = app.prefix;
  if (!route.path.startsWith(`${prefix}/`)) {
    throw new Error(`${route.method} ${route.path} cannot be served by a plugin under the prefix ${prefix}`);
  }
  // The success status is the contract's type (checked above by ContractMismatch); at run time a
  // route without any 2xx response schema is refused as well.
  const response = (options.schema as { response?: Record<string, unknown> }).response ?? {};
  if (!Object.keys(response).some((status) => /^2\d\d$/.test(status))) {
    throw new Error(`${route.method} ${route.path} has no response schema for its success status`);
  }
  const routeOptions = { ...options, method: route.method, url: route.path.slice(prefix.length), handler };
  (app as FastifyInstance).route(routeOptions as unknown as RouteOptions);
}
