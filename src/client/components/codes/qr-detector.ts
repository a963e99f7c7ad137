import type { BarcodeDetector as BarcodeDetectorClass } from 'barcode-detector/ponyfill';
import { qrDetectorFrom, type QrDetector } from './barcode-qr-detector';

export type { QrDetector } from './barcode-qr-detector';

async function nativeDetector(): Promise<typeof BarcodeDetectorClass | null> {
  const Native = window.BarcodeDetector;
  if (!Native) return null;
  try {
    const formats = await Native.getSupportedFormats();
    return formats.includes('qr_code') ? Native : null;
  } catch {
    return null;
  }
}

/**
 * The browser's own BarcodeDetector when it reads QR codes, else the ZXing WebAssembly ponyfill,
 * downloaded only now (when a scanner opens) together with its .wasm served by this app.
 */
export async function createQrDetector(): Promise<QrDetector> {
  const Native = await nativeDetector();
  if (Native) return qrDetectorFrom(Native);
  const { createZxingQrDetector } = await import('./zxing-qr-detector');
  return createZxingQrDetector();
}
