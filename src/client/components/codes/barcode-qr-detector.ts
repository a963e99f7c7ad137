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
