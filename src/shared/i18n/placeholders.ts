import { BRAND } from '@shared/brand';
import { wordFor } from '@shared/wording';

/** Filled in for every text unless the caller gives its own value. */
export const DEFAULT_TEXT_VARIABLES = { brand: BRAND.name } as const;

/** The interpolation placeholders of a text: "Hi {{name}}" has ["name"] (i18next's {{…}} syntax). */
export function placeholdersOf(text: string): string[] {
  const names = new Set<string>();
  for (const match of text.matchAll(/\{\{\s*([^}\s,]+)[^}]*\}\}/g)) names.add(match[1]!);
  return [...names].sort();
}

/**
 * Why an override cannot replace its default, or null when it can: it must keep every
 * placeholder of the default (the screen or e-mail fills them in) and add none it does not know.
 * {{brand}} is filled in everywhere, so an override may drop or add it.
 */
export function placeholderProblem(defaultText: string, override: string): string | null {
  const expected = placeholdersOf(defaultText);
  const given = new Set(placeholdersOf(override));
  const missing = expected.filter((name) => !given.has(name) && !Object.hasOwn(DEFAULT_TEXT_VARIABLES, name));
  if (missing.length > 0) {
    return `The text must keep the ${wordFor(missing.length, 'placeholder', 'placeholders')} ${missing.map((name) => `{{${name}}}`).join(', ')}.`;
  }
  const unknown = [...given].filter((name) => !expected.includes(name) && !Object.hasOwn(DEFAULT_TEXT_VARIABLES, name));
  if (unknown.length > 0) {
    return `The text uses ${unknown.map((name) => `{{${name}}}`).join(', ')}, which this text cannot fill in; use only ${expected.length > 0 ? expected.map((name) => `{{${name}}}`).join(', ') : 'plain words'}.`;
  }
  return null;
}
