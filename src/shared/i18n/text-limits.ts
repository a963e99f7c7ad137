import { formatNumber } from '@shared/number-format';
import { placeholderProblem } from './placeholders';

/** The longest override of any text: the Terms of Service body, the longest default, may grow to this. */
export const TEXT_VALUE_MAX = 20_000;
/** A short text (a label, a sentence) may grow to this many characters, or twice its default if that is longer. */
export const SHORT_TEXT_MAX = 1_000;

/** The most characters an override of this default may have. */
export function overrideLengthLimit(defaultText: string): number {
  return Math.min(TEXT_VALUE_MAX, Math.max(SHORT_TEXT_MAX, defaultText.length * 2));
}

/** Why this override cannot replace its default (placeholders, length), or null when it can. */
export function overrideProblem(defaultText: string, override: string): string | null {
  const limit = overrideLengthLimit(defaultText);
  if (override.length > limit) return `This text is at most ${formatNumber(limit, 'en-PK')} characters.`;
  return placeholderProblem(defaultText, override);
}
