import { formatNumber } from './number-format';

/**
 * Counts and articles in English sentences, in one place: "1 stamp" but "3 stamps", "an enterprise
 * vendor" but "a premium vendor". The plural rule comes from Intl (en-PK), not from `=== 1` checks
 * spread over the screens, so a message catalogue can take this over without hunting them down.
 */
let pluralRules: Intl.PluralRules | undefined;

/** The word for this many: `wordFor(1, 'stamp', 'stamps')` is "stamp". */
export function wordFor(count: number, one: string, other: string): string {
  pluralRules ??= new Intl.PluralRules('en-PK');
  return pluralRules.select(count) === 'one' ? one : other;
}

/** The count with its word: "1 stamp", "1,200 stamps". */
export function countOf(count: number, one: string, other: string): string {
  return `${formatNumber(count, 'en-PK')} ${wordFor(count, one, other)}`;
}

/** "a" or "an" before a phrase, by its first sound as written (vowel letters; "hour"-like words are rare in the UI). */
export function withIndefiniteArticle(phrase: string): string {
  return `${/^[aeiou]/i.test(phrase.trim()) ? 'an' : 'a'} ${phrase}`;
}
