/**
 * npm run font:urdu — cuts Noto Nastaliq Urdu (from @fontsource/noto-nastaliq-urdu, whose
 * "arabic" files cover every Arabic-script language: Persian, Sindhi, Pashto, Arabic's
 * mathematical letters…) down to the characters Urdu is written with (URDU_FONT_CODE_POINTS),
 * and writes the files the client serves: src/client/fonts/noto-nastaliq-urdu-<weight>.woff2 (the
 * browser's loader, load-nastaliq.ts, gives their faces the same characters as unicode-range) and
 * urdu-fallback-font.css.
 * Rerun it after changing the character list or updating the font package; the result is committed.
 *
 * The subsetter is HarfBuzz (through subset-font): it keeps every contextual form and ligature the
 * kept letters can turn into (the GSUB closure), so Nastaliq's joins still render.
 *
 * Each weight's src names the installed font first (Android and iOS ship Noto Nastaliq Urdu), so a
 * phone that has it neither downloads nor swaps. Where it must be downloaded, the text shows at
 * once in a fallback face whose size is matched to Nastaliq's (decision 050): the Urdu catalogue
 * shaped by HarfBuzz in both fonts gives the ratio of their widths, so lines wrap where Nastaliq
 * will wrap them and the page does not jump when the font arrives; its ascent and descent are
 * Nastaliq's, so the lines keep their place.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as harfbuzz from 'harfbuzzjs';
import { format, resolveConfig } from 'prettier';
import subsetFont from 'subset-font';
import { NASTALIQ_WEIGHTS, nastaliqFontFile, type NastaliqWeight } from '../src/client/fonts/nastaliq-font';
import { unicodeRange, URDU_FONT_CODE_POINTS } from '../src/client/fonts/urdu-font-characters';
import { UR_CATALOGUE } from '../src/shared/i18n/catalogue-ur';

const FONTS_FOLDER = fileURLToPath(new URL('../src/client/fonts/', import.meta.url));
const SOURCE_FOLDER = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@fontsource/noto-nastaliq-urdu/package.json')),
  'files',
);

/**
 * The face that draws Urdu until Nastaliq arrives: the sans font the browser would otherwise fall
 * back to (DejaVu Sans on Linux, Debian's fonts-dejavu-core), measured from its file here.
 */
const FALLBACK_FAMILY = 'Noto Nastaliq Urdu Fallback';
const FALLBACK_FONTS: Record<NastaliqWeight, { local: string[]; file: string }> = {
  400: { local: ['DejaVu Sans', 'DejaVuSans'], file: '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf' },
  700: { local: ['DejaVu Sans Bold', 'DejaVuSans-Bold'], file: '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf' },
};

/** The Urdu texts the widths are compared on: every Urdu catalogue text, placeholders left out. */
function urduCatalogueTexts(): string[] {
  return Object.values(UR_CATALOGUE)
    .flatMap((namespace) => Object.values(namespace as Record<string, string>))
    .map((text) => text.replace(/\{\{[^}]*\}\}/g, ''))
    .filter((text) => /\p{Script=Arabic}/u.test(text));
}

/** Vertical metrics and the summed advance of the texts, in ems. */
interface Measured {
  ascent: number;
  descent: number;
  width: number;
}

function measure(fontFile: Uint8Array, texts: string[]): Measured {
  const face = new harfbuzz.Face(new harfbuzz.Blob(fontFile));
  const font = new harfbuzz.Font(face);
  let advance = 0;
  for (const text of texts) {
    const buffer = new harfbuzz.Buffer();
    buffer.addText(text);
    buffer.guessSegmentProperties();
    harfbuzz.shape(font, buffer);
    for (const position of buffer.getGlyphPositions()) advance += position.xAdvance;
  }
  const extents = font.hExtents();
  return { ascent: extents.ascender / face.upem, descent: -extents.descender / face.upem, width: advance / face.upem };
}

const percent = (value: number) => `${(value * 100).toFixed(2)}%`;

/** The fallback face of one weight, sized to Nastaliq's widths and given its ascent and descent. */
function fallbackFace(weight: NastaliqWeight, range: string, nastaliq: Measured, fallback: Measured): string {
  const sizeAdjust = nastaliq.width / fallback.width;
  return [
    '@font-face {',
    `  font-family: '${FALLBACK_FAMILY}';`,
    '  font-style: normal;',
    `  font-weight: ${weight};`,
    `  src: ${FALLBACK_FONTS[weight].local.map((name) => `local('${name}')`).join(', ')};`,
    `  size-adjust: ${percent(sizeAdjust)};`,
    // The overrides are scaled by size-adjust in turn, so they are divided by it here.
    `  ascent-override: ${percent(nastaliq.ascent / sizeAdjust)};`,
    `  descent-override: ${percent(nastaliq.descent / sizeAdjust)};`,
    '  line-gap-override: 0%;',
    `  unicode-range: ${range};`,
    '}',
  ].join('\n');
}

async function main(): Promise<void> {
  const text = String.fromCodePoint(...URDU_FONT_CODE_POINTS);
  const range = unicodeRange(URDU_FONT_CODE_POINTS);
  const texts = urduCatalogueTexts();
  const fallbackFaces: string[] = [];
  for (const weight of NASTALIQ_WEIGHTS) {
    const source = readFileSync(path.join(SOURCE_FOLDER, `noto-nastaliq-urdu-arabic-${weight}-normal.woff2`));
    const subset = await subsetFont(source, text, { targetFormat: 'woff2' });
    writeFileSync(path.join(FONTS_FOLDER, nastaliqFontFile(weight)), subset);
    console.log(`${nastaliqFontFile(weight)}: ${source.length} → ${subset.length} bytes`);
    // HarfBuzz reads TrueType, not WOFF2: the same cut, uncompressed, is what gets measured.
    const nastaliq = measure(await subsetFont(source, text, { targetFormat: 'sfnt' }), texts);
    const fallbackFile = FALLBACK_FONTS[weight].file;
    if (!existsSync(fallbackFile)) throw new Error(`${fallbackFile} is missing: install Debian's fonts-dejavu-core`);
    const fallback = measure(readFileSync(fallbackFile), texts);
    fallbackFaces.push(fallbackFace(weight, range, nastaliq, fallback));
    console.log(`weight ${weight}: Nastaliq is ${percent(nastaliq.width / fallback.width)} as wide as the fallback`);
  }
  await writeCss(
    'urdu-fallback-font.css',
    [
      ' * The fallback faces sized to Noto Nastaliq Urdu (installed fonts, nothing to fetch): in the',
      " * head of an Urdu page, so its first paint already takes Nastaliq's size and nothing moves when",
      ' * Nastaliq swaps in.',
    ],
    fallbackFaces,
  );
}

/** A generated style sheet: the generator's name, the sheet's own comment lines, its rules. */
async function writeCss(name: string, header: string[], rules: string[]): Promise<void> {
  const css = [
    '/*',
    ' * Generated by scripts/subset-urdu-font.ts (npm run font:urdu); edit that script, not this file.',
    ...header,
    ' */',
    ...rules,
    '',
  ].join('\n');
  const cssFile = path.join(FONTS_FOLDER, name);
  // Laid out as the repository's formatter would, so the format check passes on a fresh run.
  writeFileSync(cssFile, await format(css, { ...(await resolveConfig(cssFile)), filepath: cssFile }));
}

await main();
