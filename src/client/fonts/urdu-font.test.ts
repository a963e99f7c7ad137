import { readFileSync } from 'node:fs';
import * as fontkit from 'fontkit';
import { describe, expect, it } from 'vitest';
import { UR_CATALOGUE } from '@shared/i18n/catalogue-ur';
import { unicodeRange, URDU_FONT_CODE_POINTS } from './urdu-font-characters';

const WEIGHTS = [400, 700];

/** The fallback faces, whitespace aside (the formatter wraps long values); Nastaliq's are made in load-nastaliq.ts. */
function fallbackStyleSheet(): string {
  return readFileSync(new URL('./urdu-fallback-font.css', import.meta.url), 'utf8').replace(/\s+/g, ' ');
}

function fontAt(weight: number): fontkit.Font {
  const font = fontkit.create(readFileSync(new URL(`./noto-nastaliq-urdu-${weight}.woff2`, import.meta.url)));
  if (!('hasGlyphForCodePoint' in font)) throw new Error('expected a single font, not a collection');
  return font;
}

/** Arabic-script letters, marks, digits and punctuation, and the joiners and direction marks. */
const DRAWN_BY_NASTALIQ = /[\p{Script=Arabic}\u061c\u200c-\u200f]/u;

function catalogueCharacters(): Set<string> {
  const characters = new Set<string>();
  for (const namespace of Object.values(UR_CATALOGUE))
    for (const text of Object.values(namespace as Record<string, string>))
      for (const character of text) characters.add(character);
  return characters;
}

describe('the subset Urdu font', () => {
  const urduCharacters = [...catalogueCharacters()].filter((character) => DRAWN_BY_NASTALIQ.test(character));

  it('finds the Urdu catalogue texts to check', () => {
    expect(urduCharacters).toContain('ک');
    expect(urduCharacters.length).toBeGreaterThan(40);
  });

  it.each(WEIGHTS)('draws every Arabic-script character of the Urdu catalogues at weight %i', (weight) => {
    const font = fontAt(weight);
    const missing = urduCharacters.filter((character) => !font.hasGlyphForCodePoint(character.codePointAt(0) ?? 0));
    expect(missing).toEqual([]);
  });

  it.each(WEIGHTS)(
    'keeps every character of its list at weight %i, so its unicode-range promises nothing it lacks',
    (weight) => {
      const font = fontAt(weight);
      expect(URDU_FONT_CODE_POINTS.filter((codePoint) => !font.hasGlyphForCodePoint(codePoint))).toEqual([]);
    },
  );

  it('lists every Arabic-script character of the catalogues, so the browser asks this font for it', () => {
    const listed = new Set(URDU_FONT_CODE_POINTS);
    expect(urduCharacters.filter((character) => !listed.has(character.codePointAt(0) ?? 0))).toEqual([]);
  });

  it('declares the list as the unicode-range of each fallback face in the generated CSS', () => {
    const css = fallbackStyleSheet();
    const range = unicodeRange(URDU_FONT_CODE_POINTS);
    expect(css.split(`unicode-range: ${range};`)).toHaveLength(WEIGHTS.length + 1);
  });

  it('sizes a fallback face of each weight to Nastaliq', () => {
    const css = fallbackStyleSheet();
    const fallbacks = css.split("font-family: 'Noto Nastaliq Urdu Fallback';").slice(1);
    expect(fallbacks).toHaveLength(WEIGHTS.length);
    for (const face of fallbacks) {
      // Nastaliq is narrower than the sans fallback: the fallback is drawn smaller, never larger.
      const sizeAdjust = Number(/size-adjust: ([\d.]+)%/.exec(face)?.[1]);
      expect(sizeAdjust).toBeGreaterThan(50);
      expect(sizeAdjust).toBeLessThan(100);
      expect(face).toMatch(/ascent-override: [\d.]+%; descent-override: [\d.]+%; line-gap-override: 0%;/);
    }
    // The page's Urdu stack asks for the fallback face right after Nastaliq.
    const styles = readFileSync(new URL('../styles.css', import.meta.url), 'utf8');
    expect(styles.replace(/\s+/g, ' ')).toContain("--font-sans: 'Noto Nastaliq Urdu', 'Noto Nastaliq Urdu Fallback',");
  });

  it('is cut down from the full Arabic-script font', () => {
    const font = fontAt(400);
    // Sindhi's and Pashto's own letters are not Urdu's: left to the fallback.
    expect(font.hasGlyphForCodePoint(0x067a)).toBe(false);
    expect(font.hasGlyphForCodePoint(0x06bc)).toBe(false);
  });

  it('writes a unicode-range with runs merged', () => {
    expect(unicodeRange([0x62a, 0x628, 0x629, 0x20])).toBe('U+0020, U+0628-062A');
  });
});
