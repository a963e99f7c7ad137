/**
 * Draws the installed app's PNG icons from the brand mark of public/favicon.svg (run with
 * `npx tsx scripts/generate-app-icons.ts` after the mark changes; the PNGs are committed).
 * "any" icons keep the rounded tile; maskable ones fill the square with the brand colour and keep
 * the mark inside the central safe zone (a circle of 80% of the width), since Android crops them.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { initWasm, Resvg } from '@resvg/resvg-wasm';

const require = createRequire(import.meta.url);
const publicFolder = fileURLToPath(new URL('../src/client/public/', import.meta.url));

const BRAND = '#c2410c';
const MARK =
  '<path d="M20 32a12 12 0 0 1 24 0" stroke="#fff" stroke-width="6" fill="none" stroke-linecap="round"/><circle cx="32" cy="42" r="5" fill="#fde68a"/>';

function tile(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="${BRAND}"/>${MARK}</svg>`;
}

/** Full-bleed square; the mark scaled about the centre to sit well inside the safe zone. */
function fullSquare(scale: number): string {
  const offset = 32 * (1 - scale);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${BRAND}"/><g transform="translate(${offset} ${offset}) scale(${scale})">${MARK}</g></svg>`;
}

const ICONS: Array<{ file: string; size: number; svg: string }> = [
  { file: 'icons/icon-192.png', size: 192, svg: tile() },
  { file: 'icons/icon-512.png', size: 512, svg: tile() },
  { file: 'icons/maskable-192.png', size: 192, svg: fullSquare(0.8) },
  { file: 'icons/maskable-512.png', size: 512, svg: fullSquare(0.8) },
  // iOS rounds the corners itself and shows transparency as black.
  { file: 'icons/apple-touch-icon-180.png', size: 180, svg: fullSquare(0.9) },
];

await initWasm(await readFile(require.resolve('@resvg/resvg-wasm/index_bg.wasm')));
for (const icon of ICONS) {
  const png = new Resvg(icon.svg, { fitTo: { mode: 'width', value: icon.size } }).render().asPng();
  await writeFile(`${publicFolder}${icon.file}`, png);
  console.log(`${icon.file} ${icon.size}×${icon.size} ${png.length} bytes`);
}
