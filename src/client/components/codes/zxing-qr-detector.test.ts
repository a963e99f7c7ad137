import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { ZXING_WASM_SHA256 } from 'barcode-detector/ponyfill';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { createRepeatFilter, describeCameraError } from './camera-scanner';
import { loadNodeQrDecoder, zxingWasmPath } from './node-qr-decoder';

describe('the ZXing QR decoder', () => {
  it('self-hosts the very .wasm the ponyfill was built for', () => {
    const sha256 = createHash('sha256').update(readFileSync(zxingWasmPath())).digest('hex');
    expect(sha256).toBe(ZXING_WASM_SHA256);
  });

  it('reads a stamp code from a QR image, and nothing from an image without one', async () => {
    const decode = await loadNodeQrDecoder();
    const payload = 'chaska:v1.counter.7KQ4M2XZ.signature';
    expect(await decode(await QRCode.toBuffer(payload, { margin: 4, scale: 6 }))).toEqual([payload]);

    const blank = await QRCode.toBuffer('x', { margin: 4, scale: 6, color: { dark: '#ffffff', light: '#ffffff' } });
    expect(await decode(blank)).toEqual([]);
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
    expect(describeCameraError(new DOMException('Permission denied', 'NotAllowedError'))).toMatch(
      /^Camera access was blocked/,
    );
    expect(describeCameraError(new DOMException('Requested device not found', 'NotFoundError'))).toMatch(
      /^No camera was found/,
    );
    expect(describeCameraError(new Error('getUserMedia not supported'))).toMatch(
      /^This browser cannot use the camera here/,
    );
    expect(describeCameraError(new Error('something else'))).toMatch(/^The camera could not be started/);
  });
});
