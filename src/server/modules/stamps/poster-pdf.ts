import type { PosterSize, QrDrawing, QrStyle } from '@shared/stamps/qr-style';
import { renderPdfBuffer } from '@server/lib/pdf-buffer';
import { printable } from '@server/modules/billing/receipt-pdf';

const BRAND_COLOUR = '#c2410c';
const TEXT = '#1c1917';
const MUTED = '#57534e';

export interface CounterPoster {
  size: PosterSize;
  style: QrStyle;
  drawing: QrDrawing;
  /** The drawing as a PNG (renderQrPng): the image printed is the image the tests decode. */
  qrPng: Buffer;
  businessName: string;
  cardName: string;
  /** "8 stamps earn Free Chai". */
  rewardLine: string;
  joinUrl: string;
}

/**
 * The counter poster: the vendor's join code and how to use it, A4 or A5, in the plan's style:
 * the code in the vendor's colours from Standard, the initials badge in its centre from Premium,
 * and no Chaska name or mark anywhere (text or document info) on Enterprise.
 */
export function renderCounterPoster(poster: CounterPoster): Promise<Buffer> {
  const { style, drawing } = poster;
  const author = style.showBrand ? style.brandName : poster.businessName;
  const info = {
    Title: printable(`${poster.businessName} counter poster`),
    Author: printable(author),
    Creator: printable(author),
    Producer: printable(author),
  };
  return renderPdfBuffer({ size: poster.size, margin: 0, info }, (doc) => {
    const width = doc.page.width;
    const unit = width / 595; // A4 is 595 pt wide; A5 scales everything down.
    const margin = 44 * unit;
    const inner = width - margin * 2;
    // From Standard the poster's accent is the vendor's code colour; the standard poster uses the brand's.
    const accent = style.level === 'standard' ? BRAND_COLOUR : style.foreground;

    let y = margin;
    if (style.showBrand) {
      doc
        .font('Helvetica-Bold')
        .fontSize(14 * unit)
        .fillColor(BRAND_COLOUR)
        .text(style.brandName, margin, y, { width: inner });
      y = doc.y + 10 * unit;
    }
    doc
      .font('Helvetica-Bold')
      .fontSize(30 * unit)
      .fillColor(accent)
      .text(printable(poster.businessName), margin, y, { width: inner, align: 'center' });
    doc
      .font('Helvetica')
      .fontSize(17 * unit)
      .fillColor(TEXT)
      .text('Scan to join our loyalty card', margin, doc.y + 4 * unit, { width: inner, align: 'center' });
    doc
      .font('Helvetica-Bold')
      .fontSize(13 * unit)
      .fillColor(MUTED)
      .text(printable(`${poster.cardName}: ${poster.rewardLine}`), margin, doc.y + 4 * unit, {
        width: inner,
        align: 'center',
      });

    // The code, with a frame in its background colour so a coloured code keeps its quiet zone on white paper.
    const side = inner * 0.72;
    const left = (width - side) / 2;
    const top = doc.y + 18 * unit;
    doc
      .rect(left - 8 * unit, top - 8 * unit, side + 16 * unit, side + 16 * unit)
      .fillColor(style.background)
      .fill();
    doc.image(poster.qrPng, left, top, { width: side, height: side });
    if (drawing.badge && style.badge) {
      const module = side / drawing.size;
      const badgeSide = drawing.badge.size * module;
      const fontSize = badgeSide * 0.42;
      doc
        .font('Helvetica-Bold')
        .fontSize(fontSize)
        .fillColor(style.foreground)
        .text(
          style.badge.initials,
          left + drawing.badge.x * module,
          top + drawing.badge.y * module + (badgeSide - fontSize * 0.72) / 2,
          { width: badgeSide, align: 'center', lineBreak: false },
        );
    }
    // The address to type without a camera; white-label leaves it off, as it names the platform's domain.
    if (style.showBrand) {
      doc
        .font('Helvetica')
        .fontSize(8.5 * unit)
        .fillColor(MUTED)
        .text(printable(poster.joinUrl), margin, top + side + 14 * unit, { width: inner, align: 'center' });
    } else {
      doc.y = top + side + 14 * unit;
    }

    doc
      .font('Helvetica-Bold')
      .fontSize(16 * unit)
      .fillColor(TEXT)
      .text('How it works', margin, doc.y + 20 * unit, { width: inner });
    const steps = [
      'Scan the code above with your phone camera.',
      'Sign in or create a free account, then tap Join.',
      'Each visit, scan the code on our counter screen to collect a stamp.',
      printable(`Collect your stamps: ${poster.rewardLine}.`),
    ];
    doc
      .font('Helvetica')
      .fontSize(14 * unit)
      .fillColor(TEXT);
    steps.forEach((step, index) => doc.text(`${index + 1}.  ${step}`, margin, doc.y + 7 * unit, { width: inner }));

    if (style.showBrand) {
      doc
        .font('Helvetica')
        .fontSize(9 * unit)
        .fillColor(MUTED)
        .text(`Loyalty cards by ${style.brandName}`, margin, doc.page.height - margin, {
          width: inner,
          align: 'center',
          lineBreak: false,
        });
    }
  });
}
