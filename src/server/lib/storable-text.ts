/**
 * Text PostgreSQL can store and JSON can carry as it was written: no NUL character (a text or
 * jsonb column refuses it) and no unpaired UTF-16 surrogate (it cannot be encoded as UTF-8, so
 * the driver would silently store a replacement character, or fail).
 */

export type UnstorableTextProblem = 'nul' | 'unpaired_surrogate';

export interface UnstorableText {
  /** Object keys and array indexes from the top of the value to the bad text. */
  path: string[];
  problem: UnstorableTextProblem;
}

const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const UNSTORABLE_CHARACTERS = new RegExp(`\\u0000|${UNPAIRED_SURROGATE.source}`, 'g');

export function textProblemOf(text: string): UnstorableTextProblem | null {
  if (text.includes('\u0000')) return 'nul';
  if (UNPAIRED_SURROGATE.test(text)) return 'unpaired_surrogate';
  return null;
}

/** Plain data only: parsed JSON, query strings and route parameters. */
function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !Buffer.isBuffer(value);
}

/** A step down into a value, linked to its parent so a deep value costs no path copies. */
interface Step {
  key: string;
  parent: Step | null;
}

function pathOf(step: Step | null): string[] {
  const path: string[] = [];
  for (let current = step; current; current = current.parent) path.push(current.key);
  return path.reverse();
}

/**
 * The first string (or object key) in `value` that cannot be stored, or null. Walks with its own
 * stack rather than recursion, so a deeply nested body cannot exhaust the call stack.
 */
export function findUnstorableText(value: unknown): UnstorableText | null {
  const pending: Array<{ value: unknown; step: Step | null }> = [{ value, step: null }];
  while (pending.length > 0) {
    const { value: current, step } = pending.pop()!;
    if (typeof current === 'string') {
      const problem = textProblemOf(current);
      if (problem) return { path: pathOf(step), problem };
      continue;
    }
    const children: Array<{ value: unknown; step: Step }> = [];
    if (Array.isArray(current)) {
      current.forEach((item, index) => children.push({ value: item, step: { key: String(index), parent: step } }));
    } else if (isRecord(current)) {
      for (const [key, item] of Object.entries(current)) {
        const child = { key, parent: step };
        const problem = textProblemOf(key);
        if (problem) return { path: pathOf(child), problem };
        children.push({ value: item, step: child });
      }
    }
    // Reversed onto the stack, so the first bad field in reading order is the one reported.
    for (let index = children.length - 1; index >= 0; index -= 1) pending.push(children[index]!);
  }
  return null;
}

/** The text with each NUL and unpaired surrogate replaced by U+FFFD, for logs and records of refused input. */
export function withUnstorableReplaced(text: string): string {
  return text.replace(UNSTORABLE_CHARACTERS, () => '\uFFFD');
}

/** A path to show a person: the bad characters of a key itself are shown as U+FFFD. */
export function describeTextPath(path: string[], fallback: string): string {
  if (path.length === 0) return fallback;
  return path.map(withUnstorableReplaced).join('.');
}

export const TEXT_PROBLEM_MESSAGES: Record<UnstorableTextProblem, string> = {
  nul: 'contains a NUL character, which is not allowed in text.',
  unpaired_surrogate: 'contains a broken character (an unpaired UTF-16 surrogate), which is not allowed in text.',
};
