/**
 * The filters that are set: '' and 'all' (a list's default) are left out, so default filters keep
 * URLs short. Pass the result as a call's `query`.
 */
export function setFilters<T extends object>(params: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(params).filter(
      ([, value]) => value !== undefined && value !== null && value !== '' && value !== 'all',
    ),
  ) as Partial<T>;
}

/** A file's address (CSV export) with its set filters. */
export function fileAddress(path: string, params: Record<string, unknown>): string {
  const search = new URLSearchParams(Object.entries(setFilters(params)).map(([key, value]) => [key, String(value)]));
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}
