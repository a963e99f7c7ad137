/**
 * The most levels of objects and arrays a request may nest. Our deepest form (a vendor's opening
 * hours) has three; parsers and libraries that recurse over a value (Better Auth's, for one) run
 * out of stack somewhere in the thousands, which would be a 500.
 */
export const MAX_INPUT_DEPTH = 32;

/** The path to the first object or array nested deeper than `maxDepth`, or null. */
export function findTooDeep(value: unknown, maxDepth = MAX_INPUT_DEPTH): string[] | null {
  const pending: Array<{ value: unknown; path: string[] }> = [{ value, path: [] }];
  while (pending.length > 0) {
    const { value: current, path } = pending.pop()!;
    if (typeof current !== 'object' || current === null || Buffer.isBuffer(current)) continue;
    if (path.length >= maxDepth) return path;
    const entries = Array.isArray(current)
      ? current.map((item, index) => [String(index), item] as const)
      : Object.entries(current);
    for (const [key, item] of entries) pending.push({ value: item, path: [...path, key] });
  }
  return null;
}
