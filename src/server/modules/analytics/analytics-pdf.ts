import PDFDocument from 'pdfkit';
import { BRAND } from '@shared/brand';
import { formatBucket } from '@shared/analytics/vendor-analytics';
import type { AnalyticsDocument, AnalyticsTable } from './analytics-document';
import { formatLongDateTime } from '@shared/pakistan-time';

const BRAND_COLOUR = '#c2410c';
const MARGIN = 48;
const FONT_SIZE = 8.5;
/** Space between two columns, taken from the left one. */
const GAP = 6;
const LINE_HEIGHT = 11;

function drawChart(doc: PDFKit.PDFDocument, chart: AnalyticsDocument['chart']): void {
  const width = doc.page.width - MARGIN * 2;
  const height = 140;
  const top = doc.y + 8;
  const max = Math.max(1, ...chart.bars.map((bar) => bar.value));
  const slot = width / Math.max(1, chart.bars.length);
  doc.fontSize(11).fillColor('#1c1917').text(chart.title, MARGIN, doc.y);
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
  doc.fontSize(8).fillColor('#57534e');
  if (first) doc.text(formatBucket(first.bucket, chart.bucket), MARGIN, top + height + 16);
  if (last) doc.text(formatBucket(last.bucket, chart.bucket), MARGIN, top + height + 16, { width, align: 'right' });
  doc.text(`Highest: ${max}`, MARGIN, top + 14, { width: width - 6, align: 'right' });
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

function drawTable(doc: PDFKit.PDFDocument, table: AnalyticsTable): void {
  const width = doc.page.width - MARGIN * 2;
  const measure: MeasureText = (text, bold) =>
    doc
      .font(bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(FONT_SIZE)
      .widthOfString(text);
  const { widths, headerLines } = layoutTable(table, width, measure);
  const lefts = widths.map((_, index) => MARGIN + widths.slice(0, index).reduce((sum, value) => sum + value, 0));
  const rowHeight = 16;
  const headerHeight = rowHeight + (Math.max(...headerLines.map((lines) => lines.length)) - 1) * LINE_HEIGHT;
  const ensureRoom = (needed: number) => {
    if (doc.y + needed > doc.page.height - MARGIN) doc.addPage();
  };
  ensureRoom(headerHeight + rowHeight * 2);
  doc.moveDown(0.5).fontSize(12).fillColor(BRAND_COLOUR).text(table.title, MARGIN, doc.y);
  const rule = (y: number) =>
    doc
      .moveTo(MARGIN, y)
      .lineTo(MARGIN + width, y)
      .strokeColor('#e7e5e4')
      .stroke();

  const headerTop = doc.y + 2;
  doc.font('Helvetica-Bold').fontSize(FONT_SIZE).fillColor('#1c1917');
  headerLines.forEach((lines, index) =>
    lines.forEach((line, lineIndex) =>
      doc.text(line, lefts[index]!, headerTop + lineIndex * LINE_HEIGHT, {
        width: widths[index]! - GAP,
        lineBreak: false,
      }),
    ),
  );
  rule(headerTop + headerHeight - 3);
  doc.y = headerTop + headerHeight;

  doc.font('Helvetica').fontSize(FONT_SIZE).fillColor('#1c1917');
  for (const row of table.rows) {
    ensureRoom(rowHeight);
    const y = doc.y + 2;
    row.forEach((cell, index) => {
      doc.text(cell === null || cell === undefined ? '' : String(cell), lefts[index]!, y, {
        width: widths[index]! - GAP,
        height: rowHeight,
        ellipsis: true,
        lineBreak: false,
      });
    });
    rule(y + rowHeight - 3);
    doc.y = y + rowHeight;
  }
}

/** An analytics export (the vendor's or the platform's) as a PDF, generated on the server with pdfkit. */
export function renderAnalyticsPdf(document: AnalyticsDocument, generatedAt: Date): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'A4',
      margin: MARGIN,
      info: { Title: document.title, Author: BRAND.name },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);

    doc.font('Helvetica-Bold').fontSize(20).fillColor(BRAND_COLOUR).text(BRAND.name);
    doc.font('Helvetica').fontSize(14).fillColor('#1c1917').text(document.title);
    doc
      .fontSize(9)
      .fillColor('#57534e')
      .text(`Generated ${formatLongDateTime(generatedAt)} (Pakistan time)`);
    doc.moveDown();
    drawChart(doc, document.chart);
    for (const table of document.tables) drawTable(doc, table);
    doc.end();
  });
}
