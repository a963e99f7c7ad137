import { inflateSync } from 'node:zlib';
export { loadNodeQrDecoder } from '@client/components/codes/node-qr-decoder';

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
