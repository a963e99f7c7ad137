import type { ApiErrorBody, ApiErrorCode, ClientErrorCode } from '@shared/api-error';
import type { ApiRoute, CallArguments, ResponseOf } from '@shared/api-route';
import { reportServerReached, reportServerUnreachable } from '@client/lib/use-online-status';

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface ApiFetchOptions {
  method?: HttpMethod;
  /** Sent as JSON; leave undefined for requests without a body. */
  body?: unknown;
  signal?: AbortSignal;
}

interface ApiErrorInit {
  status: number;
  code: ApiErrorCode | ClientErrorCode;
  message: string;
  fields?: Record<string, string>;
}

/** Every failed call surfaces as this, so screens handle one shape only. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ApiErrorCode | ClientErrorCode;
  readonly fields: Record<string, string> | undefined;

  constructor({ status, code, message, fields }: ApiErrorInit) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

export const NETWORK_ERROR_MESSAGE = 'Network error occurred';

/** A call that got no answer from the server (no signal, or Wi-Fi without internet). */
export function isNetworkFailure(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'network';
}

function isAbort(error: unknown, signal: AbortSignal | undefined): boolean {
  return signal?.aborted === true || (error instanceof DOMException && error.name === 'AbortError');
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  return text === '' ? undefined : (JSON.parse(text) as unknown);
}

// A hand check instead of the shared zod schema keeps zod (and the list of codes) out of the first
// download on phones; the server only answers codes of ERROR_CODES (its errors are typed with them).
function isApiErrorBody(value: unknown): value is ApiErrorBody {
  if (typeof value !== 'object' || value === null) return false;
  const error = (value as { error?: unknown }).error;
  if (typeof error !== 'object' || error === null) return false;
  const { code, message, fields } = error as Record<string, unknown>;
  return (
    typeof code === 'string' &&
    typeof message === 'string' &&
    (fields === undefined ||
      (typeof fields === 'object' &&
        fields !== null &&
        Object.values(fields).every((field) => typeof field === 'string')))
  );
}

/**
 * A validation answer's summary names its first field for API clients ("code: This is not a
 * referral code."); a person is shown the sentence alone, on whichever screen shows the error.
 */
function personFacingMessage(message: string, fields: Record<string, string> | undefined): string {
  const first = fields ? Object.entries(fields)[0] : undefined;
  return first && message === `${first[0]}: ${first[1]}` ? first[1] : message;
}

async function toApiError(response: Response): Promise<ApiError> {
  try {
    const body = await readJson(response);
    if (isApiErrorBody(body)) {
      const { code, message, fields } = body.error;
      return new ApiError({ status: response.status, code, message: personFacingMessage(message, fields), fields });
    }
  } catch {
    // A proxy or crash page is not JSON; fall through to the generic error.
  }
  return new ApiError({
    status: response.status,
    code: 'unexpected_response',
    message: 'Something went wrong. Please try again.',
  });
}

/** The address of one call: path parameters filled in (encoded) and the query's set values appended. */
export function addressOf(
  path: string,
  params: Record<string, string> | undefined,
  query: Record<string, unknown> | undefined,
): string {
  // The contract's types require a value for every parameter of the path.
  const filled = path.replace(/:(\w+)/g, (_match, name: string) => encodeURIComponent(params?.[name] ?? ''));
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `${filled}?${text}` : filled;
}

/**
 * Calls a route of the contract (src/shared/contract): path parameters, query and body as the
 * route declares them, the answer typed from its response schema. Throws ApiError on any failure.
 */
export function callApi<R extends ApiRoute>(route: R, ...[options]: CallArguments<R>): Promise<ResponseOf<R>> {
  const { params, query, body, signal } = (options ?? {}) as {
    params?: Record<string, string>;
    query?: Record<string, unknown>;
    body?: unknown;
    signal?: AbortSignal;
  };
  return fetchJson(addressOf(route.path, params, query), { method: route.method, body, signal }) as Promise<
    ResponseOf<R>
  >;
}

/** How a call reaches the API: fetch in the browser. */
export type ApiTransport = (path: string, init: RequestInit) => Promise<Response>;

let transport: ApiTransport = (path, init) => fetch(path, init);

/**
 * The server's rendering of a public page answers the page's calls in-process (the same routes,
 * without a network hop), so it swaps the browser's fetch for its own.
 */
export function setApiTransport(next: ApiTransport): void {
  transport = next;
}

/** While requests reach no server: is it answering again? Any answer, even an error, says yes. */
function askServerAgain(): void {
  fetchJson('/api/health', {}).catch(() => undefined);
}

/** JSON over fetch with the session cookie; throws ApiError on any failure. */
async function fetchJson(path: string, options: ApiFetchOptions): Promise<unknown> {
  const { method = 'GET', body, signal } = options;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await transport(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
      signal,
    });
  } catch (error) {
    // Cancellation is not a failure: React Query relies on seeing the abort itself.
    if (isAbort(error, signal)) throw error;
    // No answer at all: as good as no signal (use-online-status.ts), whatever the browser says.
    reportServerUnreachable(askServerAgain);
    throw new ApiError({ status: 0, code: 'network', message: NETWORK_ERROR_MESSAGE });
  }
  reportServerReached();

  if (!response.ok) throw await toApiError(response);

  try {
    return await readJson(response);
  } catch (error) {
    if (isAbort(error, signal)) throw error;
    throw new ApiError({
      status: response.status,
      code: 'invalid_response',
      message: 'The server sent a response we could not read.',
    });
  }
}
