import type { input, output, ZodType } from 'zod';

/**
 * One route of the API, declared once for both sides (docs/decisions/030), in
 * src/shared/<domain>/contract.ts as `export const name: ApiRoute<method, path, shape, status> =
 * { method, path }`. At runtime it is only that literal (no call, nothing a bundler must
 * keep when unused), so a screen that calls it downloads no zod; its request and response are the
 * types of the zod schemas the server validates with, taken with `import type`.
 * The server registers it with `serve` (src/server/lib/serve-route.ts), which refuses schemas
 * other than these; the browser calls it with `callApi` (src/client/lib/api-client.ts), whose
 * answer is typed from the response schema.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What a route takes (query string, JSON body) and answers, as the server's zod schemas. */
export interface RouteShape {
  query?: ZodType;
  body?: ZodType;
  response: ZodType;
}

/** 200, 201 for a creation, 202 for work queued (a webhook test event). */
export type SuccessStatus = 200 | 201 | 202;

export interface ApiRoute<
  Method extends HttpMethod = HttpMethod,
  Path extends string = string,
  Shape extends RouteShape = RouteShape,
  Status extends SuccessStatus = SuccessStatus,
> {
  readonly method: Method;
  /** The full address, with `:name` for each path parameter (Fastify's syntax). */
  readonly path: Path;
  /** Never set: the success status and the shape, for `serve` and `callApi`. */
  readonly status?: Status;
  readonly shape?: Shape;
}

type ParamNames<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : Path extends `${string}:${infer Name}`
    ? Name
    : never;

/** `/api/vendor/cards/:id/partners/:vendorId` → `'id' | 'vendorId'`. */
export type PathParamName<R> = R extends ApiRoute<HttpMethod, infer Path> ? ParamNames<Path> : never;

export type ShapeOf<R> = R extends ApiRoute<HttpMethod, string, infer Shape> ? Shape : never;

/** What the route answers, as the browser receives it. */
export type ResponseOf<R> = output<ShapeOf<R>['response']>;

/** What the route's JSON body accepts (the schema's input: defaults may be left out). */
export type BodyOf<R> = ShapeOf<R> extends { body: infer B extends ZodType } ? input<B> : never;

/** What the route's query string accepts. */
export type QueryOf<R> = ShapeOf<R> extends { query: infer Q extends ZodType } ? input<Q> : never;

/** An object with no keys: `NothingRequired extends T` says every key of T is optional. */
type NothingRequired = Record<never, never>;

type ParamsPart<R> = [PathParamName<R>] extends [never]
  ? { params?: never }
  : { params: Record<PathParamName<R>, string> };

type QueryPart<R> =
  ShapeOf<R> extends { query: ZodType }
    ? NothingRequired extends QueryOf<R>
      ? { query?: QueryOf<R> }
      : { query: QueryOf<R> }
    : { query?: never };

type BodyPart<R> =
  ShapeOf<R> extends { body: ZodType }
    ? undefined extends BodyOf<R>
      ? { body?: BodyOf<R> }
      : { body: BodyOf<R> }
    : { body?: never };

/** What a call of the route passes: path parameters, query, body, and an abort signal. */
export type CallOptions<R> = ParamsPart<R> & QueryPart<R> & BodyPart<R> & { signal?: AbortSignal };

/** The options argument may be left out when nothing in it is required. */
export type CallArguments<R> =
  NothingRequired extends CallOptions<R> ? [options?: CallOptions<R>] : [options: CallOptions<R>];
