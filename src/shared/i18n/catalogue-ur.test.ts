import { describe, expect, it } from 'vitest';
import { allCatalogueTexts, defaultTextOf, EN_CATALOGUE, NAMESPACES } from './catalogue';
import { UR_CATALOGUE } from './catalogue-ur';

/** The {{placeholders}} and <tags> of a text: a translation must keep both, or a value or a link goes missing. */
function markers(text: string): string[] {
  const placeholders = [...text.matchAll(/\{\{\s*([A-Za-z0-9_]+)/g)].map((match) => `{{${match[1]}}}`);
  const tags = [...text.matchAll(/<\/?([A-Za-z]+)>/g)].map((match) => match[0]);
  return [...new Set(placeholders)].sort().concat([...tags].sort());
}

describe('the Urdu catalogue', () => {
  it('has every namespace of the English one', () => {
    expect(Object.keys(UR_CATALOGUE).sort()).toEqual([...NAMESPACES].sort());
  });

  it.each(NAMESPACES)('%s has exactly the keys of the English namespace', (namespace) => {
    expect(Object.keys(UR_CATALOGUE[namespace]).sort()).toEqual(Object.keys(EN_CATALOGUE[namespace]).sort());
  });

  it.each(NAMESPACES)('%s keeps the placeholders and tags of each English text', (namespace) => {
    const english: Record<string, string> = EN_CATALOGUE[namespace];
    const urdu: Record<string, string> = UR_CATALOGUE[namespace];
    const different = Object.keys(english)
      .filter((key) => JSON.stringify(markers(english[key]!)) !== JSON.stringify(markers(urdu[key] ?? '')))
      .map((key) => `${key}: ${markers(english[key]!).join(' ')} vs ${markers(urdu[key] ?? '').join(' ')}`);
    expect(different).toEqual([]);
  });

  it.each(NAMESPACES)('%s is written in Urdu (no text left empty)', (namespace) => {
    const empty = Object.entries(UR_CATALOGUE[namespace] as Record<string, string>).filter(([, text]) => !text.trim());
    expect(empty).toEqual([]);
  });
});

describe("a text's default in a language (what the Global Text Editor shows and checks against)", () => {
  it("is that language's catalogue text, and undefined for a key no catalogue has", () => {
    expect(defaultTextOf('emails:verification.intro', 'en')).toBe(EN_CATALOGUE.emails['verification.intro']);
    expect(defaultTextOf('emails:verification.intro', 'ur')).toBe(UR_CATALOGUE.emails['verification.intro']);
    expect(defaultTextOf('emails:verification.intro', 'ur')).not.toBe(defaultTextOf('emails:verification.intro', 'en'));
    expect(defaultTextOf('emails:no.such.key', 'ur')).toBeUndefined();
    expect(defaultTextOf('nowhere:verification.intro', 'ur')).toBeUndefined();
    expect(defaultTextOf('verification.intro', 'en')).toBeUndefined();
  });

  it('lists every text of each language, in the same order and under the same keys', () => {
    const english = allCatalogueTexts('en');
    const urdu = allCatalogueTexts('ur');
    expect(urdu.map(([key]) => key)).toEqual(english.map(([key]) => key));
    expect(urdu.find(([key]) => key === 'landing:hero.headline')?.[1]).toBe(UR_CATALOGUE.landing['hero.headline']);
  });
});
