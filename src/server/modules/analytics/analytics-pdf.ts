import { createRequire } from 'node:module';
import type { Language } from '@shared/i18n/languages';
import { BRAND } from '@shared/brand';
import { renderPdfBuffer } from '@server/lib/pdf-buffer';
import { formatBucket } from '@shared/analytics/vendor-analytics';
import type { AnalyticsDocument, AnalyticsTable } from './analytics-document';
import { formatLongDateTime } from '@shared/pakistan-time';

const BRAND_COLOUR = '#c2410c';
const MARGIN = 48;
const FONT_SIZE = 8.5;
/** Space between two columns, taken from the left one. */
const GAP = 6;
const LINE_HEIGHT = 11;

const require = createRequire(import.meta.url);

/**
 * Urdu's letters (decision 090): pdfkit's standard fonts have none, so an Urdu document embeds Noto
 * Sans Arabic (a Naskh face, OFL, the share picture's font too), whose Arabic subset fontkit
 * shapes and orders right to left. It has no Latin letters or digits: those runs keep Helvetica.
 */
const URDU_FONTS = {
  regular: require.resolve('@fontsource/noto-sans-arabic/files/noto-sans-arabic-arabic-400-normal.woff'),
  bold: require.resolve('@fontsource/noto-sans-arabic/files/noto-sans-arabic-arabic-700-normal.woff'),
};
/** Where Helvetica's baseline sits below a line's top, in ems: Urdu's runs are set on it too. */
const BASELINE = 0.77;
const ARABIC_LETTERS = '\u0600-\u06ff\u0750-\u077f\ufb50-\ufdff\ufe70-\ufefe';
/** An Arabic-script run: letters, and the spaces and marks between them. */
const ARABIC_RUN = new RegExp(`[${ARABIC_LETTERS}]+(?:[\\s]+[${ARABIC_LETTERS}]+)*`, 'gu');

/** A line of text split into runs in logical order, each Urdu (Arabic script) or not. */
export function scriptRuns(text: string): Array<{ text: string; urdu: boolean }> {
  const runs: Array<{ text: string; urdu: boolean }> = [];
  let at = 0;
  for (const match of text.matchAll(ARABIC_RUN)) {
    if (match.index > at) runs.push({ text: text.slice(at, match.index), urdu: false });
    runs.push({ text: match[0], urdu: true });
    at = match.index + match[0].length;
  }
  if (at < text.length) runs.push({ text: text.slice(at), urdu: false });
  return runs;
}

/**
 * A run without letters or digits between Urdu words reads right to left: its brackets turn, as
 * the Unicode bidirectional algorithm mirrors them. A Latin or numeric run keeps its own.
 */
function mirrored(text: string): string {
  if (/[\p{L}\p{N}]/u.test(text)) return text;
  return text.replace(/[()[\]]/g, (bracket) => ({ '(': ')', ')': '(', '[': ']', ']': '[' })[bracket]!);
}

/** A Latin run cut into its leading marks one by one, its words, and its trailing spaces. */
function latinPieces(text: string): string[] {
  const [, leading = '', core = '', trailing = ''] = /^([^\p{L}\p{N}]*)(.*?)(\s*)$/su.exec(text) ?? [];
  return [...leading, core, trailing].filter(Boolean);
}

/**
 * How a document writes one line: left to right in Helvetica, or (Urdu) right to left, each run in
 * its font, the first run at the right edge of the box. fontkit shapes an Urdu run (joining forms)
 * and orders its glyphs right to left itself.
 */
interface LineWriter {
  rtl: boolean;
  width(text: string, bold: boolean, size: number): number;
  write(
    text: string,
    x: number,
    y: number,
    box: { width: number; bold?: boolean; size: number; align?: 'left' | 'right' },
  ): void;
}

function helveticaWriter(doc: PDFKit.PDFDocument): LineWriter {
  return {
    rtl: false,
    width: (text, bold, size) =>
      doc
        .font(bold ? 'Helvetica-Bold' : 'Helvetica')
        .fontSize(size)
        .widthOfString(text),
    write(text, x, y, box) {
      doc
        .font(box.bold ? 'Helvetica-Bold' : 'Helvetica')
        .fontSize(box.size)
        .text(text, x, y, {
          width: box.width,
          align: box.align,
          lineBreak: false,
          ellipsis: true,
          height: box.size * 2,
        });
    },
  };
}

function urduWriter(doc: PDFKit.PDFDocument): LineWriter {
  doc.registerFont('Urdu', URDU_FONTS.regular);
  doc.registerFont('Urdu-Bold', URDU_FONTS.bold);
  const fontOf = (urdu: boolean, bold: boolean) =>
    urdu ? (bold ? 'Urdu-Bold' : 'Urdu') : bold ? 'Helvetica-Bold' : 'Helvetica';
  // Word by word (a word is what Arabic letters join within), each placed from the right: pdfkit's
  // own spacing of a right-to-left run lost some of its spaces. Spaces are Helvetica's.
  const pieces = (text: string) =>
    scriptRuns(text).flatMap((run) =>
      run.urdu
        ? run.text
            .split(/(\s+)/)
            .filter(Boolean)
            .map((piece) => ({ text: piece, urdu: !/^\s+$/.test(piece) }))
        : // A Latin run reads left to right inside; the spaces and marks at its edges (": 1", " (")
          // belong to the right-to-left line, each on its logical side.
          latinPieces(run.text).map((piece) => ({ text: mirrored(piece), urdu: false })),
    );
  const pieceWidth = (piece: { text: string; urdu: boolean }, bold: boolean, size: number) =>
    doc.font(fontOf(piece.urdu, bold)).fontSize(size).widthOfString(piece.text);
  const width = (text: string, bold: boolean, size: number) =>
    pieces(text).reduce((sum, piece) => sum + pieceWidth(piece, bold, size), 0);
  return {
    rtl: true,
    width,
    write(text, x, y, box) {
      const bold = box.bold ?? false;
      const total = width(text, bold, box.size);
      // Right-aligned in its box (Urdu's start), or at its left for a box's far end.
      let right = box.align === 'left' ? x + Math.min(total, box.width) : x + box.width;
      for (const piece of pieces(text)) {
        right -= pieceWidth(piece, bold, box.size);
        // What does not fit the box is left out, as an English cell's ellipsis does.
        if (right < x - 0.5) return;
        if (!piece.text.trim()) continue;
        // On one baseline: the two fonts' ascents differ, so tops would not line up.
        doc
          .font(fontOf(piece.urdu, bold))
          .fontSize(box.size)
          .text(piece.text, right, y + box.size * BASELINE, { lineBreak: false, baseline: 'alphabetic' });
      }
    },
  };
}

function drawChart(doc: PDFKit.PDFDocument, chart: AnalyticsDocument['chart'], writer: LineWriter): void {
  const width = doc.page.width - MARGIN * 2;
  const height = 140;
  const top = doc.y + 8;
  const max = Math.max(1, ...chart.bars.map((bar) => bar.value));
  const slot = width / Math.max(1, chart.bars.length);
  doc.fillColor('#1c1917');
  writer.write(chart.title, MARGIN, doc.y, { width, size: 11 });
  doc
    .rect(MARGIN, top + 12, width, height)
    .strokeColor('#e7e5e4')
    .stroke();
  chart.bars.forEach((bar, index) => {
    const barHeight = (bar.value / max) * (height - 10);
    doc
      .rect(MARGIN + index * slot + slot * 0.15, top + 12 + height - barHeight, Math.max(1, slot * 0.7), barHeight)
      .fillColor(BRAND_COLOUR)
      .fill();
  });
  const first = chart.bars[0];
  const last = chart.bars[chart.bars.length - 1];
  doc.fillColor('#57534e');
  // The bars run left to right in time in either language, as the page's chart.
  if (first)
    writer.write(formatBucket(first.bucket, chart.bucket), MARGIN, top + height + 16, {
      width,
      size: 8,
      align: 'left',
    });
  if (last)
    writer.write(formatBucket(last.bucket, chart.bucket), MARGIN, top + height + 16, {
      width,
      size: 8,
      align: 'right',
    });
  writer.write(`${chart.highestLabel ?? 'Highest'}: ${max}`, MARGIN, top + 14, {
    width: width - 6,
    size: 8,
    align: 'right',
  });
  doc.y = top + height + 34;
}

/** Measures a text in the table's font, bold for the header row. */
export type MeasureText = (text: string, bold: boolean) => number;

export interface TableLayout {
  /** Each column's width, the gap to the next included; together the table's width. */
  widths: number[];
  /** Each header cell broken into lines that fit its column. */
  headerLines: string[][];
}

/** Words of `text` in lines no wider than `width` (a word wider than it keeps a line of its own). */
function wrap(text: string, width: number, measure: (text: string) => number): string[] {
  const lines: string[] = [];
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const last = lines[lines.length - 1];
    if (last !== undefined && measure(`${last} ${word}`) <= width) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines.length > 0 ? lines : [''];
}

/**
 * The columns of a table across `width`: each column at least as wide as its header's longest
 * word, so a header wraps between words and is never cut; the room left goes to the columns
 * whose header or cells want more, in proportion to what they lack. Cells wider than their column
 * end in an ellipsis; headers never do.
 */
export function layoutTable(table: AnalyticsTable, width: number, measure: MeasureText): TableLayout {
  const cellText = (cell: AnalyticsTable['rows'][number][number]) =>
    cell === null || cell === undefined ? '' : String(cell);
  const least = table.header.map(
    (header) => Math.max(0, ...header.split(/\s+/).map((word) => measure(word, true))) + GAP,
  );
  const wanted = table.header.map((header, index) =>
    Math.max(
      least[index]!,
      measure(header, true) + GAP,
      ...table.rows.map((row) => measure(cellText(row[index]), false) + GAP),
    ),
  );
  const room = width - least.reduce((sum, value) => sum + value, 0);
  const lacking = wanted.map((value, index) => value - least[index]!);
  const totalLacking = lacking.reduce((sum, value) => sum + value, 0);
  const widths =
    totalLacking <= room
      ? // Everything fits: the spare room is shared evenly.
        wanted.map((value) => value + (room - totalLacking) / wanted.length)
      : least.map((value, index) => value + (totalLacking > 0 ? (room * lacking[index]!) / totalLacking : 0));
  const headerLines = table.header.map((header, index) =>
    wrap(header, widths[index]! - GAP, (text) => measure(text, true)),
  );
  return { widths, headerLines };
}

function drawTable(doc: PDFKit.PDFDocument, table: AnalyticsTable, writer: LineWriter): void {
  const width = doc.page.width - MARGIN * 2;
  const measure: MeasureText = (text, bold) => writer.width(text, bold, FONT_SIZE);
  const { widths, headerLines } = layoutTable(table, width, measure);
  const offsets = widths.map((_, index) => widths.slice(0, index).reduce((sum, value) => sum + value, 0));
  // Urdu's first column is at the right: the columns mirror, each cell keeps its gap on its left.
  const lefts = offsets.map((offset, index) =>
    writer.rtl ? MARGIN + width - offset - widths[index]! + GAP : MARGIN + offset,
  );
  const rowHeight = 16;
  const headerHeight = rowHeight + (Math.max(...headerLines.map((lines) => lines.length)) - 1) * LINE_HEIGHT;
  const ensureRoom = (needed: number) => {
    if (doc.y + needed > doc.page.height - MARGIN) doc.addPage();
  };
  ensureRoom(headerHeight + rowHeight * 2);
  doc.moveDown(0.5).fillColor(BRAND_COLOUR);
  const titleTop = doc.y;
  writer.write(table.title, MARGIN, titleTop, { width, size: 12 });
  doc.y = titleTop + 16;
  const rule = (y: number) =>
    doc
      .moveTo(MARGIN, y)
      .lineTo(MARGIN + width, y)
      .strokeColor('#e7e5e4')
      .stroke();

  const headerTop = doc.y + 2;
  doc.fillColor('#1c1917');
  headerLines.forEach((lines, index) =>
    lines.forEach((line, lineIndex) =>
      writer.write(line, lefts[index]!, headerTop + lineIndex * LINE_HEIGHT, {
        width: widths[index]! - GAP,
        bold: true,
        size: FONT_SIZE,
      }),
    ),
  );
  rule(headerTop + headerHeight - 3);
  doc.y = headerTop + headerHeight;

  doc.fillColor('#1c1917');
  for (const row of table.rows) {
    ensureRoom(rowHeight);
    const y = doc.y + 2;
    row.forEach((cell, index) => {
      writer.write(cell === null || cell === undefined ? '' : String(cell), lefts[index]!, y, {
        width: widths[index]! - GAP,
        size: FONT_SIZE,
      });
    });
    rule(y + rowHeight - 3);
    doc.y = y + rowHeight;
  }
}

/**
 * An analytics export (the vendor's or the platform's) as a PDF, generated on the server with
 * pdfkit; in Urdu (the monthly report, decision 090) with an embedded Urdu font, right to left.
 */
export function renderAnalyticsPdf(
  document: AnalyticsDocument,
  generatedAt: Date,
  options: { language?: Language } = {},
): Promise<Buffer> {
  return renderPdfBuffer(
    {
      size: 'A4',
      margin: MARGIN,
      info: { Title: document.title, Author: BRAND.name },
      lang: options.language === 'ur' ? 'ur-PK' : 'en-PK',
    },
    (doc) => {
      const writer = options.language === 'ur' ? urduWriter(doc) : helveticaWriter(doc);
      const width = doc.page.width - MARGIN * 2;

      doc.fillColor(BRAND_COLOUR);
      writer.write(BRAND.name, MARGIN, MARGIN, { width, bold: true, size: 20 });
      doc.fillColor('#1c1917');
      writer.write(document.title, MARGIN, MARGIN + 28, { width, size: 14 });
      doc.fillColor('#57534e');
      writer.write(
        document.generated ?? `Generated ${formatLongDateTime(generatedAt)} (Pakistan time)`,
        MARGIN,
        MARGIN + 50,
        {
          width,
          size: 9,
        },
      );
      doc.y = MARGIN + 76;
      drawChart(doc, document.chart, writer);
      for (const table of document.tables) drawTable(doc, table, writer);
    },
  );
}
