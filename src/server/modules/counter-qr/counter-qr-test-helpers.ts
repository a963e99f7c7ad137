import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { inflateSync } from 'node:zlib';
import type { QrDetector } from '../../../client/components/codes/qr-detector';
import { createZxingQrDetector } from '../../../client/components/codes/zxing-qr-detector';

/** The reader the scanner ships with (ZXing), loaded in Node from its .wasm file. */
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
  const bytes = readFileSync(fileURLToPath(import.meta.resolve('zxing-wasm/reader/zxing_reader.wasm')));
  const detector: QrDetector = await createZxingQrDetector({ wasmBinary: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) });
  return (png) => detector.detect(new Blob([new Uint8Array(png)], { type: 'image/png' }));
}

/**
 * Every line of text a pdfkit document prints (standard fonts write text as hex strings inside
 * TJ arrays, in compressed content streams), plus the document info, as plain text.
 */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const lines: string[] = [];
  // Each stream is read by its /Length: compressed bytes may contain anything.
  for (const match of raw.matchAll(/\/Length (\d+)[^>]*>>\s*stream\r?\n/g)) {
    const start = match.index + match[0].length;
    let content: string;
    try {
      content = inflateSync(Buffer.from(raw.slice(start, start + Number(match[1])), 'latin1')).toString('latin1');
    } catch {
      continue; // an image
    }
    for (const array of content.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      const hex = [...array[1]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((part) => part[1]).join('');
      lines.push(Buffer.from(hex, 'hex').toString('latin1'));
    }
  }
  // Document info strings (title, author, producer) are plain literal strings.
  const strings = [...raw.matchAll(/^\d+ 0 obj\s*\(([^)]*)\)\s*endobj/gm)].map((match) => match[1]!);
  return [...strings, ...lines].join('\n');
}

/** The page size of a one-page PDF in points, from its MediaBox. */
export function pdfPageSize(pdf: Buffer): [number, number] {
  const box = /\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/.exec(pdf.toString('latin1'));
  if (!box) throw new Error('No MediaBox in the PDF.');
  return [Math.round(Number(box[1])), Math.round(Number(box[2]))];
}
