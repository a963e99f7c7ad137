import { describe, expect, it } from 'vitest';
import { defaultTextOf } from './catalogue';
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
});
