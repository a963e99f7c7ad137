/**
 * The characters the Urdu font is cut down to (scripts/subset-urdu-font.ts): what Urdu text is
 * written with, not only what the catalogues use today, because admins override texts and vendors
 * name their shops and rewards in Urdu. Whatever falls outside (Latin letters, « » – “ ” …, other
 * Arabic-script languages) is drawn by the sans fallback of `--font-sans` (styles.css).
 */
function range(first: number, last: number): number[] {
  return Array.from({ length: last - first + 1 }, (_, index) => first + index);
}

export const URDU_FONT_CODE_POINTS: readonly number[] = [
  // The space and no-break space, so the gaps between Urdu words take Nastaliq's widths.
  0x20,
  0xa0,
  // The Arabic letters Urdu shares (hamza to ghain, tatweel, feh to yeh).
  ...range(0x0621, 0x063a),
  ...range(0x0640, 0x064a),
  // Vowel marks, tanween, shadda, sukun, hamza above and below, the noon ghunna mark, small and
  // superscript alef: the diacritics Urdu writes when it writes them.
  ...range(0x064b, 0x0658),
  0x0670,
  // The Urdu letters: tteh, peh, tcheh, ddal, rreh, jeh, keheh, gaf, noon ghunna, heh doachashmee,
  // heh goal (with hamza, and the ta marbuta goal), farsi yeh, yeh barree (with hamza).
  0x0679,
  0x067e,
  0x0686,
  0x0688,
  0x0691,
  0x0698,
  0x06a9,
  0x06af,
  0x06ba,
  0x06be,
  0x06c0,
  0x06c1,
  0x06c2,
  0x06c3,
  0x06cc,
  0x06d2,
  0x06d3,
  // Punctuation: comma, semicolon, question mark, full stop (۔), percent, decimal and thousands separators.
  0x060c,
  0x061b,
  0x061f,
  0x06d4,
  0x066a,
  0x066b,
  0x066c,
  // Digits: Urdu's own (۰–۹) and the Arabic-Indic ones that pasted text brings.
  ...range(0x06f0, 0x06f9),
  ...range(0x0660, 0x0669),
  // The joiners and the left-to-right marks that shaping and mixed Urdu-English lines rely on (the
  // font has no right-to-left mark: an invisible character the browser needs no glyph for).
  0x061c,
  ...range(0x200c, 0x200e),
];

/** The same set as a CSS unicode-range value (U+0621-063A, …), ranges merged. */
export function unicodeRange(codePoints: readonly number[]): string {
  const sorted = [...new Set(codePoints)].sort((a, b) => a - b);
  const ranges: [number, number][] = [];
  for (const codePoint of sorted) {
    const last = ranges.at(-1);
    if (last && codePoint === last[1] + 1) last[1] = codePoint;
    else ranges.push([codePoint, codePoint]);
  }
  const hex = (value: number) => value.toString(16).toUpperCase().padStart(4, '0');
  return ranges
    .map(([first, last]) => (first === last ? `U+${hex(first)}` : `U+${hex(first)}-${hex(last)}`))
    .join(', ');
}
