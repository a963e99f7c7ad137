import type { BarcodeDetector as BarcodeDetectorClass } from 'barcode-detector/ponyfill';

declare global {
  interface Window {
    /** The Barcode Detection API: built into Chrome on Android and macOS, absent from Firefox and desktop Linux. */
    BarcodeDetector?: typeof BarcodeDetectorClass;
  }
}

/** Reads the QR codes visible in a video frame or an image; the texts they hold, in the order found. */
export interface QrDetector {
  detect(source: HTMLVideoElement | Blob): Promise<string[]>;
}

/** Wraps a Barcode Detection API implementation (the browser's or the ponyfill's) reading QR codes only. */
export function qrDetectorFrom(Detector: typeof BarcodeDetectorClass): QrDetector {
  const detector = new Detector({ formats: ['qr_code'] });
  return {
    async detect(source) {
      const found = await detector.detect(source);
      return found.map((barcode) => barcode.rawValue).filter((text) => text.length > 0);
    },
  };
}

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
