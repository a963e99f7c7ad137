import { describe, expect, it } from 'vitest';
import { allCatalogueTexts, defaultTextOf } from './catalogue';
import { placeholdersOf } from './placeholders';
import { ROMAN_URDU_TEXTS } from './roman-urdu';

const entries = Object.entries(ROMAN_URDU_TEXTS);

describe('the Roman Urdu texts of WhatsApp and SMS (decision 082)', () => {
  it.each(entries)('%s is a text of the English catalogue with its placeholders', (key, text) => {
    const english = defaultTextOf(key, 'en');
    expect(english).toBeDefined();
    expect(placeholdersOf(text).sort()).toEqual(placeholdersOf(english!).sort());
  });

  it.each(entries)('%s is plain ASCII, so that an SMS in it goes as GSM-7', (_key, text) => {
    expect(text).toMatch(/^[\x20-\x7e]+$/);
  });

  it('are what the Global Text Editor lists in Roman Urdu, in the catalogue order, and nothing else', () => {
    const listed = allCatalogueTexts('ur-Latn');
    expect(listed.map(([key]) => key).sort()).toEqual(Object.keys(ROMAN_URDU_TEXTS).sort());
    const englishOrder = allCatalogueTexts('en').map(([key]) => key);
    const positions = listed.map(([key]) => englishOrder.indexOf(key));
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(defaultTextOf('landing:hero.headline', 'ur-Latn')).toBeUndefined();
  });
});
