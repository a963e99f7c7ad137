import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { initWasm, Resvg, type ResvgRenderOptions } from '@resvg/resvg-wasm';
import encodeJpeg, { init as initJpegEncoder } from '@jsquash/jpeg/encode.js';
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

/*
 * resvg's WebAssembly is set up once per loaded copy of resvg and refuses a second set-up, while
 * this module may be evaluated again in the same process (a test worker that resets its modules, a
 * dev reload) over the same resvg: the set-up is remembered on the process, per copy of resvg.
 */
const RESVG_SETUPS = Symbol.for('chaska.resvg-wasm-setups');
type ProcessWithResvg = typeof globalThis & { [RESVG_SETUPS]?: WeakMap<typeof initWasm, Promise<void>> };

function initResvgOnce(wasm: Buffer): Promise<void> {
  const processScope = globalThis as ProcessWithResvg;
  const setups = (processScope[RESVG_SETUPS] ??= new WeakMap());
  let setup = setups.get(initWasm);
  if (!setup) {
    setup = initWasm(wasm).catch((error: unknown) => {
      setups.delete(initWasm);
      throw error;
    });
    setups.set(initWasm, setup);
  }
  return setup;
}

function loadEngine(): Promise<Font[]> {
  engine ??= (async () => {
    const [wasm, ...fonts] = await Promise.all([
      readFile(require.resolve('@resvg/resvg-wasm/index_bg.wasm')),
      ...FONT_FILES.map((font) => readFile(require.resolve(font.file))),
    ]);
    await initResvgOnce(wasm as Buffer);
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
 * Paints an SVG without the machine's fonts (text arrives as paths) and reads the image, freeing
 * the image and the renderer however painting ends: they live in WebAssembly memory, not the heap.
 */
function paintAnd<T>(
  svg: string,
  fitTo: ResvgRenderOptions['fitTo'],
  read: (image: ReturnType<InstanceType<typeof Resvg>['render']>) => T,
): T {
  const resvg = new Resvg(svg, { fitTo, font: { loadSystemFonts: false } });
  const image = resvg.render();
  try {
    return read(image);
  } finally {
    image.free();
    resvg.free();
  }
}

/** The SVG painted as PNG bytes. */
function paint(svg: string, fitTo: ResvgRenderOptions['fitTo']): Buffer {
  return paintAnd(svg, fitTo, (image) => Buffer.from(image.asPng()));
}

let jpegEncoder: Promise<void> | null = null;

/** MozJPEG in WebAssembly (@jsquash/jpeg), loaded from its package on the first JPEG, once per process. */
function loadJpegEncoder(): Promise<void> {
  jpegEncoder ??= (async () => {
    const wasmBinary = await readFile(require.resolve('@jsquash/jpeg/codec/enc/mozjpeg_enc.wasm'));
    const options = { noInitialRun: true, wasmBinary };
    await initJpegEncoder(options);
  })().catch((error: unknown) => {
    jpegEncoder = null;
    throw error;
  });
  return jpegEncoder;
}

/** Is this text one emoji Twemoji can draw (the vendor's logo)? */
export async function isDrawableEmoji(text: string): Promise<boolean> {
  return text.length > 0 && text.length <= 16 && (await emojiImage(text)) !== '';
}

/** The layout as an SVG whose text is outlines. */
async function layoutSvg(layout: ReactNode, size: { width: number; height: number }): Promise<string> {
  const fonts = await loadEngine();
  return satori(layout, {
    width: size.width,
    height: size.height,
    fonts,
    loadAdditionalAsset: async (code, segment) => (code === 'emoji' ? emojiImage(segment) : []),
  });
}

export async function renderPng(layout: ReactNode, size: { width: number; height: number }): Promise<Buffer> {
  return paint(await layoutSvg(layout, size), { mode: 'original' });
}

/**
 * The same drawing as a JPEG (Instagram publishes JPEG only): the pixels resvg paints, encoded by
 * MozJPEG. The layouts are opaque, so nothing is lost with the alpha channel.
 */
export async function renderJpeg(layout: ReactNode, size: { width: number; height: number }): Promise<Buffer> {
  const [svg] = await Promise.all([layoutSvg(layout, size), loadJpegEncoder()]);
  const image = paintAnd(svg, { mode: 'original' }, (rendered) => {
    const data = new Uint8ClampedArray(rendered.width * rendered.height * 4);
    data.set(rendered.pixels);
    return { data, width: rendered.width, height: rendered.height, colorSpace: 'srgb' as const };
  });
  const jpeg = await encodeJpeg(image, { quality: 88 });
  return Buffer.from(jpeg);
}

/** Paints an SVG with no text at `width` pixels wide (the brand mark as a Wallet pass icon). */
export async function svgToPng(svg: string, width: number): Promise<Buffer> {
  await loadEngine();
  return paint(svg, { mode: 'width', value: width });
}
