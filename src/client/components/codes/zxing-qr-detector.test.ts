import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ZXING_WASM_SHA256 } from 'barcode-detector/ponyfill';
import QRCode from 'qrcode';
import { beforeAll, describe, expect, it } from 'vitest';
import { createRepeatFilter, describeCameraError } from './camera-scanner';
import { createZxingQrDetector } from './zxing-qr-detector';

/** The file `zxing-wasm/reader/zxing_reader.wasm?url` resolves to: the one the build emits as an asset. */
const wasmPath = fileURLToPath(import.meta.resolve('zxing-wasm/reader/zxing_reader.wasm'));

describe('the ZXing QR decoder', () => {
  beforeAll(() => {
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
  });

  it('self-hosts the very .wasm the ponyfill was built for', () => {
    const sha256 = createHash('sha256').update(readFileSync(wasmPath)).digest('hex');
    expect(sha256).toBe(ZXING_WASM_SHA256);
  });

  it('reads a stamp code from a QR image, and nothing from an image without one', async () => {
    const bytes = readFileSync(wasmPath);
    const detector = await createZxingQrDetector({ wasmBinary: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) });
    const payload = 'chaska:v1.counter.7KQ4M2XZ.signature';
    const png = await QRCode.toBuffer(payload, { margin: 4, scale: 6 });
    expect(await detector.detect(new Blob([new Uint8Array(png)], { type: 'image/png' }))).toEqual([payload]);

    const blank = await QRCode.toBuffer('x', { margin: 4, scale: 6, color: { dark: '#ffffff', light: '#ffffff' } });
    expect(await detector.detect(new Blob([new Uint8Array(blank)], { type: 'image/png' }))).toEqual([]);
  });
});

describe('the camera scanner', () => {
  it('reports a code once while it stays in view, again after the re-read pause, and a new code at once', () => {
    const isNews = createRepeatFilter(4_000);
    expect(isNews('A', 0)).toBe(true);
    expect(isNews('A', 200)).toBe(false);
    expect(isNews('A', 3_999)).toBe(false);
    expect(isNews('B', 4_100)).toBe(true);
    expect(isNews('A', 4_300)).toBe(true);
    expect(isNews('A', 8_400)).toBe(true);
  });

  it('keeps the camera error messages people saw before', () => {
    expect(describeCameraError(new DOMException('Permission denied', 'NotAllowedError'))).toMatch(/^Camera access was blocked/);
    expect(describeCameraError(new DOMException('Requested device not found', 'NotFoundError'))).toMatch(/^No camera was found/);
    expect(describeCameraError(new Error('getUserMedia not supported'))).toMatch(/^This browser cannot use the camera here/);
    expect(describeCameraError(new Error('something else'))).toMatch(/^The camera could not be started/);
  });
});
