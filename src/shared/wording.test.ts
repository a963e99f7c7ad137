import { describe, expect, it } from 'vitest';
import { countOf, withIndefiniteArticle, wordFor } from './wording';

describe('wording', () => {
  it('says one stamp, and any other count in the plural', () => {
    expect(countOf(1, 'stamp', 'stamps')).toBe('1 stamp');
    expect(countOf(0, 'stamp', 'stamps')).toBe('0 stamps');
    expect(countOf(3, 'stamp', 'stamps')).toBe('3 stamps');
    expect(countOf(1200, 'customer', 'customers')).toBe('1,200 customers');
    expect(wordFor(1, 'holds', 'hold')).toBe('holds');
  });

  it('puts an before a vowel and a before anything else', () => {
    expect(withIndefiniteArticle('enterprise vendor')).toBe('an enterprise vendor');
    expect(withIndefiniteArticle('Exclusive card')).toBe('an Exclusive card');
    expect(withIndefiniteArticle('premium vendor')).toBe('a premium vendor');
  });
});
