import { BRAND } from '@shared/brand';
import { renderPdfBuffer } from '@server/lib/pdf-buffer';
import { formatPKR } from '@shared/number-format';
import { formatLongDate, formatLongDateTime } from '@shared/pakistan-time';

const BRAND_COLOUR = '#c2410c';
const MARGIN = 48;

export interface ReceiptDocument {
  receiptNumber: string;
  businessName: string;
  address: string;
  email: string;
  planName: string;
  description: string;
  /** Whole PKR paid: the plan's price less any credit. */
  amount: number;
  /** An upgrade's credit for the unused days of the plan it replaced (whole PKR), or null. */
  credit: { planName: string; amount: number } | null;
  paidAt: Date;
  /** The paid period: from the payment to its period end. */
  periodEnd: Date | null;
  providerName: string;
  providerReference: string;
}

/** Standard PDF fonts encode WinAnsi only: anything else (a narrow space in a time) becomes a plain space. */
export function printable(text: string): string {
  return text.replace(/[\u2000-\u200b\u202f\u205f]/g, ' ');
}

/** One paid payment's receipt, generated with pdfkit like the analytics report. */
export function renderReceiptPdf(receipt: ReceiptDocument): Promise<Buffer> {
  return renderPdfBuffer(
    {
      size: 'A4',
      margin: MARGIN,
      info: { Title: `${BRAND.name} receipt ${receipt.receiptNumber}`, Author: BRAND.name },
    },
    (doc) => {
      doc.font('Helvetica-Bold').fontSize(20).fillColor(BRAND_COLOUR).text(BRAND.name);
      doc.font('Helvetica').fontSize(14).fillColor('#1c1917').text(`Receipt ${receipt.receiptNumber}`);
      doc
        .fontSize(9)
        .fillColor('#57534e')
        .text(printable(`Paid ${formatLongDateTime(receipt.paidAt)} (Pakistan time)`));
      doc.moveDown(1.5);

      doc.font('Helvetica-Bold').fontSize(11).fillColor('#1c1917').text('Billed to');
      doc.font('Helvetica').fontSize(10);
      for (const line of [receipt.businessName, receipt.address, receipt.email]) doc.text(printable(line));
      doc.moveDown(1.5);

      const rows: [string, string][] = [
        ['Plan', `${receipt.planName} (monthly)`],
        ['Description', receipt.description],
        [
          'Period',
          receipt.periodEnd
            ? `${formatLongDate(receipt.paidAt)} to ${formatLongDate(receipt.periodEnd)}`
            : formatLongDate(receipt.paidAt),
        ],
        ['Payment provider', receipt.providerName],
        ['Provider reference', receipt.providerReference],
        ['Amount paid', `${formatPKR(receipt.amount)} (PKR)`],
      ];
      const labelWidth = 140;
      const width = doc.page.width - MARGIN * 2;
      for (const [label, value] of rows) {
        const y = doc.y;
        doc
          .font('Helvetica-Bold')
          .fontSize(10)
          .fillColor('#57534e')
          .text(printable(label), MARGIN, y, { width: labelWidth });
        doc
          .font('Helvetica')
          .fillColor('#1c1917')
          .text(printable(value), MARGIN + labelWidth, y, { width: width - labelWidth });
        doc
          .moveTo(MARGIN, doc.y + 4)
          .lineTo(MARGIN + width, doc.y + 4)
          .strokeColor('#e7e5e4')
          .stroke();
        doc.y += 10;
      }
      // An upgrade's charge as lines: the new plan's month, the credit for the old plan's unused days, the total.
      if (receipt.credit) {
        doc.moveDown(1);
        doc.font('Helvetica-Bold').fontSize(11).fillColor('#1c1917').text('Charges', MARGIN);
        doc.moveDown(0.5);
        const period = receipt.periodEnd
          ? ` (${formatLongDate(receipt.paidAt)} to ${formatLongDate(receipt.periodEnd)})`
          : '';
        const lines: [string, string, boolean][] = [
          [`${receipt.planName}${period}`, formatPKR(receipt.amount + receipt.credit.amount), false],
          [`Credit for unused ${receipt.credit.planName}`, `-${formatPKR(receipt.credit.amount)}`, false],
          ['Total paid', formatPKR(receipt.amount), true],
        ];
        const amountWidth = 110;
        for (const [label, amount, bold] of lines) {
          const y = doc.y;
          doc
            .font(bold ? 'Helvetica-Bold' : 'Helvetica')
            .fontSize(10)
            .fillColor('#1c1917')
            .text(printable(label), MARGIN, y, { width: width - amountWidth });
          const below = doc.y;
          doc.text(printable(amount), MARGIN + width - amountWidth, y, { width: amountWidth, align: 'right' });
          doc.y = Math.max(below, doc.y) + 6;
        }
      }
      doc.moveDown(2);
      doc
        .fontSize(8.5)
        .fillColor('#57534e')
        .text(
          `Amounts are in Pakistani rupees. Keep this receipt for your records. Questions: ${BRAND.supportEmail}.`,
          MARGIN,
        );
    },
  );
}
