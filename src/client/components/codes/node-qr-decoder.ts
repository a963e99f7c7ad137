import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { QrDetector } from './qr-detector';
import { createZxingQrDetector } from './zxing-qr-detector';

/** The file `zxing-wasm/reader/zxing_reader.wasm?url` resolves to: the one the build emits as an asset. */
export const zxingWasmPath = (): string => fileURLToPath(import.meta.resolve('zxing-wasm/reader/zxing_reader.wasm'));

/**
 * For tests in Node: the reader the scanner ships with (ZXing), loaded from its .wasm file, as a
 * function from a PNG to the texts it reads.
 */
export async function loadNodeQrDecoder(): Promise<(png: Buffer) => Promise<string[]>> {
  // Node has no DOM geometry; the ponyfill only constructs bounding boxes with it.
  if (!('DOMRectReadOnly' in globalThis)) {
    Object.defineProperty(globalThis, 'DOMRectReadOnly', {
      value: class {
        constructor(
          readonly x = 0,
          readonly y = 0,
          readonly width = 0,
          readonly height = 0,
        ) {}
      },
    });
  }
  const bytes = readFileSync(zxingWasmPath());
  const detector: QrDetector = await createZxingQrDetector({
    wasmBinary: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength),
  });
  return (png) => detector.detect(new Blob([new Uint8Array(png)], { type: 'image/png' }));
}
