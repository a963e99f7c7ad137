import QRCode from 'qrcode';
import { z } from 'zod';
import { BRAND } from '@shared/brand';
import { planAllowsQrStyle, type PlanLimits, QR_STYLE_LEVELS } from '@shared/billing/plans';

export const POSTER_SIZES = ['A4', 'A5'] as const;
export type PosterSize = (typeof POSTER_SIZES)[number];

export const posterQuerySchema = z.object({
  size: z.enum(POSTER_SIZES, { error: 'Size must be A4 or A5.' }),
  cardId: z.uuid({ error: 'Card must be one of your cards.' }),
});

/** The standard code's colours: the ones the counter screen always used. */
export const STANDARD_QR_COLOURS = { foreground: '#1c1917', background: '#ffffff' } as const;

/**
 * The least contrast a coloured code may have. WCAG's 4.5:1 for text is a good floor for phone
 * cameras too; below it, dim counters and cheap cameras start to miss the code.
 */
export const MIN_QR_CONTRAST = 4.5;

const HEX_COLOUR = /^#[0-9a-f]{6}$/i;

/** A profile colour field: empty (the standard colour) or #rrggbb (stored in lower case). */
export function qrColourField(label: string) {
  return z
    .string()
    .trim()
    .max(7, `${label} must be a colour like #1c1917.`)
    .default('')
    .refine((value) => value === '' || HEX_COLOUR.test(value), `${label} must be a colour like #1c1917.`);
}

function luminance(hex: string): number {
  const channel = (offset: number) => {
    const value = Number.parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** WCAG contrast ratio of two #rrggbb colours, 1 to 21. */
export function contrastRatio(first: string, second: string): number {
  const [light, dark] = [luminance(first), luminance(second)].sort((a, b) => b - a) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/**
 * Why a pair of QR colours would not scan, or null when it will. Many scanners only read dark
 * modules on a light background, so the foreground must be the darker one as well as contrast enough.
 */
export function qrColoursProblem(
  foreground: string,
  background: string,
): { field: 'qrForeground' | 'qrBackground'; message: string } | null {
  if (luminance(foreground) >= luminance(background)) {
    return {
      field: 'qrForeground',
      message: 'QR code colour must be darker than the QR background colour, or phones cannot scan the code.',
    };
  }
  const ratio = contrastRatio(foreground, background);
  if (ratio < MIN_QR_CONTRAST) {
    return {
      field: 'qrBackground',
      message: `QR code colours need more contrast to scan: ${ratio.toFixed(1)}:1 now, at least ${MIN_QR_CONTRAST}:1. Choose a darker code colour or a lighter background.`,
    };
  }
  return null;
}

/** What a vendor's record says about its QR look; the plan decides which of it is used. */
export interface QrVendorLook {
  businessName: string;
  /** The vendor's logo: an emoji today. */
  logo: string;
  qrForeground: string | null;
  qrBackground: string | null;
}

export const qrStyleSchema = z.object({
  level: z.enum(QR_STYLE_LEVELS),
  foreground: z.string(),
  background: z.string(),
  /** Error correction: H (30 %) when the centre carries a logo, so the code still scans. */
  errorCorrection: z.enum(['M', 'H']),
  /** The logo in the centre: the emoji for screens, initials for print (standard PDF fonts have no emoji). */
  badge: z.object({ logo: z.string(), initials: z.string() }).nullable(),
  /** "Powered by Chaska" on the counter screen and poster; false for white-label. */
  showBrand: z.boolean(),
  brandName: z.string(),
});
export type QrStyle = z.infer<typeof qrStyleSchema>;

/** "Karachi Chai House" -> "KC"; at most two letters, for the printed badge. */
export function businessInitials(name: string): string {
  const words = name.split(/\s+/).filter((word) => /[A-Za-z0-9]/.test(word));
  const letters = words.slice(0, 2).map((word) => (word.match(/[A-Za-z0-9]/)?.[0] ?? '').toUpperCase());
  return letters.join('') || '?';
}

/**
 * The one home of "what a vendor's QR code looks like": the plan's style level applied to the
 * vendor's record. The server calls it for every code and poster; the client only draws the
 * result, so a lower plan can never ask for a higher style.
 */
export function planQrStyle(limits: Pick<PlanLimits, 'qrStyle'>, vendor: QrVendorLook): QrStyle {
  const custom = planAllowsQrStyle(limits, 'custom');
  const branded = planAllowsQrStyle(limits, 'branded');
  const foreground = custom && vendor.qrForeground ? vendor.qrForeground : STANDARD_QR_COLOURS.foreground;
  const background = custom && vendor.qrBackground ? vendor.qrBackground : STANDARD_QR_COLOURS.background;
  // Stored colours passed the check when saved; a pair that no longer does falls back to standard.
  const colours = qrColoursProblem(foreground, background) ? STANDARD_QR_COLOURS : { foreground, background };
  return {
    level: limits.qrStyle,
    ...colours,
    errorCorrection: branded ? 'H' : 'M',
    badge: branded ? { logo: vendor.logo, initials: businessInitials(vendor.businessName) } : null,
    showBrand: !planAllowsQrStyle(limits, 'white_label'),
    brandName: BRAND.name,
  };
}

/** A drawn code in module units: the quiet zone is `margin` modules wide on every side. */
export interface QrDrawing {
  /** Modules across, quiet zone included. */
  size: number;
  margin: number;
  /** Dark modules as [column, row], quiet zone included, none under the badge. */
  dark: [number, number][];
  /** The centre square kept clear for the logo, in modules; null without a badge. */
  badge: { x: number; y: number; size: number } | null;
  foreground: string;
  background: string;
}

/** Share of the code's width the logo badge may cover: about 5 % of its area, well inside what H recovers. */
const BADGE_SHARE = 0.22;

/** Lays out a payload in a style: the same drawing on the counter screen (SVG) and the poster (PDF). */
export function drawQr(
  payload: string,
  style: Pick<QrStyle, 'errorCorrection' | 'badge' | 'foreground' | 'background'>,
  margin = 2,
): QrDrawing {
  const code = QRCode.create(payload, { errorCorrectionLevel: style.errorCorrection });
  const count = code.modules.size;
  const size = count + margin * 2;
  let badge: QrDrawing['badge'] = null;
  if (style.badge) {
    // Odd module counts centre exactly on an odd badge.
    let side = Math.round(count * BADGE_SHARE);
    if (side % 2 !== count % 2) side += 1;
    const start = margin + (count - side) / 2;
    badge = { x: start, y: start, size: side };
  }
  const dark: [number, number][] = [];
  for (let row = 0; row < count; row += 1) {
    for (let column = 0; column < count; column += 1) {
      if (!code.modules.get(row, column)) continue;
      const x = column + margin;
      const y = row + margin;
      if (badge && x >= badge.x && x < badge.x + badge.size && y >= badge.y && y < badge.y + badge.size) continue;
      dark.push([x, y]);
    }
  }
  return { size, margin, dark, badge, foreground: style.foreground, background: style.background };
}

/** GET /api/vendor/qr-style: the look the vendor's plan gives its codes. */
export const qrStyleResponseSchema = z.object({ style: qrStyleSchema });
