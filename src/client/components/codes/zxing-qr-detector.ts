import { BarcodeDetector, prepareZXingModule } from 'barcode-detector/ponyfill';
// The reader's WebAssembly, emitted by the build as a hashed asset and served by this app: the
// package's default would fetch it from a public CDN, which production must not depend on.
import zxingReaderWasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';
import { qrDetectorFrom, type QrDetector } from './barcode-qr-detector';

type ZxingOverrides = NonNullable<NonNullable<Parameters<typeof prepareZXingModule>[0]>['overrides']>;

/** The app's own copy of the .wasm; the overrides object is kept so preparing again reuses the loaded module. */
export const SELF_HOSTED_ZXING: ZxingOverrides = {
  locateFile: (file: string, prefix: string) => (file.endsWith('.wasm') ? zxingReaderWasmUrl : prefix + file),
};

/**
 * The ZXing ponyfill with its module instantiated first, so a .wasm that cannot load fails here
 * rather than on every frame. Node tests pass `{ wasmBinary }` instead of a location.
 */
export async function createZxingQrDetector(overrides: ZxingOverrides = SELF_HOSTED_ZXING): Promise<QrDetector> {
  await prepareZXingModule({ overrides, fireImmediately: true });
  return qrDetectorFrom(BarcodeDetector);
}
