import PDFDocument from 'pdfkit';
import { BRAND } from '@shared/brand';
import { formatBucket, type VendorAnalytics } from '@shared/analytics/vendor-analytics';
import { analyticsTables, analyticsTitle, type AnalyticsTable } from './analytics-document';
import { formatLongDateTime } from '@shared/pakistan-time';

const BRAND_COLOUR = '#c2410c';
const MARGIN = 48;

function drawStampChart(doc: PDFKit.PDFDocument, analytics: VendorAnalytics): void {
  const width = doc.page.width - MARGIN * 2;
  const height = 140;
  const top = doc.y + 8;
  const max = Math.max(1, ...analytics.series.map((point) => point.stamps));
  const slot = width / Math.max(1, analytics.series.length);
  doc.fontSize(11).fillColor('#1c1917').text('Stamps issued', MARGIN, doc.y);
  doc
    .rect(MARGIN, top + 12, width, height)
    .strokeColor('#e7e5e4')
    .stroke();
  analytics.series.forEach((point, index) => {
    const barHeight = (point.stamps / max) * (height - 10);
    doc
      .rect(MARGIN + index * slot + slot * 0.15, top + 12 + height - barHeight, Math.max(1, slot * 0.7), barHeight)
      .fillColor(BRAND_COLOUR)
      .fill();
  });
  const first = analytics.series[0];
  const last = analytics.series[analytics.series.length - 1];
  doc.fontSize(8).fillColor('#57534e');
  if (first) doc.text(formatBucket(first.bucket, analytics.bucket), MARGIN, top + height + 16);
  if (last) doc.text(formatBucket(last.bucket, analytics.bucket), MARGIN, top + height + 16, { width, align: 'right' });
  doc.text(`Highest: ${max}`, MARGIN, top + 14, { width: width - 6, align: 'right' });
  doc.y = top + height + 34;
}

function drawTable(doc: PDFKit.PDFDocument, table: AnalyticsTable): void {
  const width = doc.page.width - MARGIN * 2;
  const columnWidth = width / table.header.length;
  const rowHeight = 16;
  const ensureRoom = (needed: number) => {
    if (doc.y + needed > doc.page.height - MARGIN) doc.addPage();
  };
  ensureRoom(rowHeight * 3);
  doc.moveDown(0.5).fontSize(12).fillColor(BRAND_COLOUR).text(table.title, MARGIN, doc.y);
  const drawRow = (cells: string[], bold: boolean) => {
    ensureRoom(rowHeight);
    const y = doc.y + 2;
    doc
      .font(bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(8.5)
      .fillColor('#1c1917');
    cells.forEach((cell, index) => {
      doc.text(cell, MARGIN + index * columnWidth, y, {
        width: columnWidth - 6,
        height: rowHeight,
        ellipsis: true,
        lineBreak: false,
      });
    });
    doc
      .moveTo(MARGIN, y + rowHeight - 3)
      .lineTo(MARGIN + width, y + rowHeight - 3)
      .strokeColor('#e7e5e4')
      .stroke();
    doc.y = y + rowHeight;
  };
  drawRow(table.header, true);
  for (const row of table.rows)
    drawRow(
      row.map((cell) => (cell === null || cell === undefined ? '' : String(cell))),
      false,
    );
  doc.font('Helvetica');
}

/** The analytics report as a PDF, generated on the server with pdfkit. */
export function renderAnalyticsPdf(
  businessName: string,
  analytics: VendorAnalytics,
  generatedAt: Date,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'A4',
      margin: MARGIN,
      info: { Title: analyticsTitle(businessName, analytics), Author: BRAND.name },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);

    doc.font('Helvetica-Bold').fontSize(20).fillColor(BRAND_COLOUR).text(BRAND.name);
    doc.font('Helvetica').fontSize(14).fillColor('#1c1917').text(analyticsTitle(businessName, analytics));
    doc
      .fontSize(9)
      .fillColor('#57534e')
      .text(`Generated ${formatLongDateTime(generatedAt)} (Pakistan time)`);
    doc.moveDown();
    drawStampChart(doc, analytics);
    for (const table of analyticsTables(analytics)) drawTable(doc, table);
    doc.end();
  });
}
