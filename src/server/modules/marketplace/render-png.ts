import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { initWasm, Resvg, type ResvgRenderOptions } from '@resvg/resvg-wasm';
import type { ReactNode } from 'react';
import satori, { type Font } from 'satori';

/*
 * Draws a layout (React elements with inline styles) as a PNG: satori lays it out and turns the
 * text into outlines (an SVG), resvg paints the SVG. Both run in WebAssembly, so nothing is built
 * or downloaded at install, and every file they need ships in npm packages: Noto Sans (Latin,
 * Latin Extended, and Arabic script for Urdu names) and Twemoji for the vendor's emoji logo.
 * Nothing is fetched at run time. Loaded on the first image, once per process.
 */

const require = createRequire(import.meta.url);

const FONT_FILES: { name: string; file: string; weight: 400 | 700 }[] = [
  { name: 'Noto Sans', file: '@fontsource/noto-sans/files/noto-sans-latin-400-normal.woff', weight: 400 },
  { name: 'Noto Sans', file: '@fontsource/noto-sans/files/noto-sans-latin-700-normal.woff', weight: 700 },
  { name: 'Noto Sans', file: '@fontsource/noto-sans/files/noto-sans-latin-ext-400-normal.woff', weight: 400 },
  { name: 'Noto Sans', file: '@fontsource/noto-sans/files/noto-sans-latin-ext-700-normal.woff', weight: 700 },
  {
    name: 'Noto Sans Arabic',
    file: '@fontsource/noto-sans-arabic/files/noto-sans-arabic-arabic-400-normal.woff',
    weight: 400,
  },
  {
    name: 'Noto Sans Arabic',
    file: '@fontsource/noto-sans-arabic/files/noto-sans-arabic-arabic-700-normal.woff',
    weight: 700,
  },
];

let engine: Promise<Font[]> | null = null;

function loadEngine(): Promise<Font[]> {
  engine ??= (async () => {
    const [wasm, ...fonts] = await Promise.all([
      readFile(require.resolve('@resvg/resvg-wasm/index_bg.wasm')),
      ...FONT_FILES.map((font) => readFile(require.resolve(font.file))),
    ]);
    await initWasm(wasm as Buffer);
    return FONT_FILES.map((font, index) => ({
      name: font.name,
      data: fonts[index] as Buffer,
      weight: font.weight,
      style: 'normal' as const,
    }));
  })().catch((error: unknown) => {
    engine = null;
    throw error;
  });
  return engine;
}

/** Twemoji names its files by code points in hex, without the variation selector outside ZWJ sequences. */
function emojiFileNames(emoji: string): string[] {
  const points = [...emoji].map((char) => (char.codePointAt(0) ?? 0).toString(16));
  const full = points.join('-');
  const bare = points.filter((point) => point !== 'fe0f').join('-');
  return full === bare ? [full] : [bare, full];
}

const emojiCache = new Map<string, string>();

/** The emoji as a Twemoji SVG data URL; '' (drawn as nothing) when Twemoji has no such emoji. */
export async function emojiImage(emoji: string): Promise<string> {
  const known = emojiCache.get(emoji);
  if (known !== undefined) return known;
  let image = '';
  for (const name of emojiFileNames(emoji)) {
    if (!/^[0-9a-f-]{1,80}$/.test(name)) continue;
    try {
      const svg = await readFile(require.resolve(`@twemoji/svg/${name}.svg`));
      image = `data:image/svg+xml;base64,${svg.toString('base64')}`;
      break;
    } catch {
      // Not this name; try the next spelling.
    }
  }
  if (emojiCache.size < 500) emojiCache.set(emoji, image);
  return image;
}

/**
 * Paints an SVG to PNG bytes without the machine's fonts (text arrives as paths), and frees the
 * image and the renderer however painting ends: they live in WebAssembly memory, not the heap.
 */
function paint(svg: string, fitTo: ResvgRenderOptions['fitTo']): Buffer {
  const resvg = new Resvg(svg, { fitTo, font: { loadSystemFonts: false } });
  const image = resvg.render();
  try {
    return Buffer.from(image.asPng());
  } finally {
    image.free();
    resvg.free();
  }
}

/** Is this text one emoji Twemoji can draw (the vendor's logo)? */
export async function isDrawableEmoji(text: string): Promise<boolean> {
  return text.length > 0 && text.length <= 16 && (await emojiImage(text)) !== '';
}

export async function renderPng(layout: ReactNode, size: { width: number; height: number }): Promise<Buffer> {
  const fonts = await loadEngine();
  const svg = await satori(layout, {
    width: size.width,
    height: size.height,
    fonts,
    loadAdditionalAsset: async (code, segment) => (code === 'emoji' ? emojiImage(segment) : []),
  });
  return paint(svg, { mode: 'original' });
}

/** Paints an SVG with no text at `width` pixels wide (the brand mark as a Wallet pass icon). */
export async function svgToPng(svg: string, width: number): Promise<Buffer> {
  await loadEngine();
  return paint(svg, { mode: 'width', value: width });
}
