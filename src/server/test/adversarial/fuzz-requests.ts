import type { RouteEntry } from './route-table';
import type { WorldIds } from './adversarial-world';
import { HOSTILE_FIELD_VALUES, HOSTILE_PATH_VALUES, HOSTILE_QUERY_VALUES, hostileBodies } from './hostile-values';
import { fieldHints, fillAddress, parameterNames, realParameters, STATE_CHANGING } from './route-requests';
import { propertyNames, sampleInput } from './sample-input';

export interface FuzzRequest {
  label: string;
  url: string;
  /** A raw body and its content type; none for reads and body-less writes. */
  body?: { contentType: string; payload: string };
  expectedStatus?: number;
}

/** Body fields replaced one at a time; a few levels of a large form are enough to reach each kind. */
const MAX_MUTATED_FIELDS = 14;

function queryOf(entries: Array<[string, string]>): string {
  return entries.length === 0
    ? ''
    : `?${entries.map(([key, value]) => `${encodeURIComponent(key)}=${value}`).join('&')}`;
}

function baselineQuery(route: RouteEntry, ids: WorldIds): Array<[string, string]> {
  if (!route.querystring) return [];
  // Only what the query must carry: each optional key is then tried on its own.
  const { value } = sampleInput(route.querystring, fieldHints(ids), { requiredOnly: true });
  return Object.entries((value ?? {}) as Record<string, unknown>).flatMap(([key, item]) =>
    (Array.isArray(item) ? item : [item]).map((part): [string, string] => [key, encodeURIComponent(String(part))]),
  );
}

/** Paths to the fields of a body, breadth first (objects themselves included), at most `limit`. */
function fieldPaths(value: unknown, limit: number): string[][] {
  const paths: string[][] = [];
  const queue: Array<{ value: unknown; path: string[] }> = [{ value, path: [] }];
  while (queue.length > 0 && paths.length < limit) {
    const { value: current, path } = queue.shift()!;
    if (path.length > 0) paths.push(path);
    if (current && typeof current === 'object') {
      const entries = Array.isArray(current)
        ? current.slice(0, 1).map((item, index) => [String(index), item] as const)
        : Object.entries(current);
      for (const [key, item] of entries) queue.push({ value: item, path: [...path, key] });
    }
  }
  return paths;
}

function withField(value: unknown, path: string[], replacement: unknown): unknown {
  const copy = structuredClone(value) as Record<string, unknown>;
  let target = copy;
  for (const key of path.slice(0, -1)) target = target[key] as Record<string, unknown>;
  target[path.at(-1)!] = replacement;
  return copy;
}

function describeValue(value: unknown): string {
  const text = typeof value === 'string' ? JSON.stringify(value) : (JSON.stringify(value) ?? String(value));
  return text.length > 40 ? `${text.slice(0, 40)}… (${text.length} characters)` : text;
}

/**
 * The hostile requests for one route: its plausible request, then each path parameter, query
 * value and body field replaced in turn by hostile values, then whole bodies no route expects.
 */
export function fuzzRequestsFor(route: RouteEntry, ids: WorldIds): FuzzRequest[] {
  const json = 'application/json';
  const writes = STATE_CHANGING.has(route.method);
  const params = realParameters(route.url, ids);
  const query = baselineQuery(route, ids);
  const address = (values: Record<string, string>, entries: Array<[string, string]>) =>
    `${fillAddress(route.url, values)}${queryOf(entries)}`;
  const baseline = writes && route.body ? sampleInput(route.body, fieldHints(ids)).value : undefined;
  const baselineBody = baseline === undefined ? undefined : { contentType: json, payload: JSON.stringify(baseline) };
  const requests: FuzzRequest[] = [{ label: 'the plausible request', url: address(params, query), body: baselineBody }];

  for (const name of parameterNames(route.url)) {
    for (const value of HOSTILE_PATH_VALUES) {
      requests.push({
        label: `path ${name} = ${describeValue(value)}`,
        url: address({ ...params, [name]: value }, query),
        body: baselineBody,
      });
    }
  }

  const queryKeys = propertyNames(route.querystring);
  for (const key of queryKeys) {
    const others = query.filter(([name]) => name !== key);
    for (const value of HOSTILE_QUERY_VALUES) {
      requests.push({
        label: `query ${key} = ${describeValue(value)}`,
        url: address(params, [...others, [key, value]]),
        body: baselineBody,
      });
    }
    requests.push({
      label: `query ${key} given twice`,
      url: address(params, [...others, [key, 'a'], [key, 'b']]),
      body: baselineBody,
    });
  }
  if (queryKeys.length > 0) {
    requests.push({
      label: 'query with __proto__ and constructor keys',
      url: address(params, [...query, ['__proto__[isAdmin]', '1'], ['constructor[prototype][isAdmin]', '1']]),
    });
  }

  if (baseline !== undefined) {
    for (const path of fieldPaths(baseline, MAX_MUTATED_FIELDS)) {
      for (const value of HOSTILE_FIELD_VALUES) {
        requests.push({
          label: `body ${path.join('.')} = ${describeValue(value)}`,
          url: address(params, query),
          body: { contentType: json, payload: JSON.stringify(withField(baseline, path, value)) },
        });
      }
    }
  }
  if (writes) {
    for (const hostile of hostileBodies(baseline)) {
      requests.push({
        label: `body: ${hostile.label}`,
        url: address(params, query),
        body: { contentType: hostile.contentType, payload: hostile.payload },
        expectedStatus: hostile.expectedStatus,
      });
    }
  }
  return requests;
}
