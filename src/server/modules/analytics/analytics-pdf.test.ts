import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import type { VendorAnalytics } from '@shared/analytics/vendor-analytics';
import type { AdminAnalytics } from '@shared/analytics/admin-analytics';
import { platformAnalyticsDocument, vendorAnalyticsDocument, type AnalyticsDocument } from './analytics-document';
import { layoutTable, renderAnalyticsPdf, scriptRuns, type MeasureText } from './analytics-pdf';
import { pdfText } from '@server/modules/stamps/counter-qr-test-helpers';

const days = ['2026-11-16', '2026-11-17', '2026-11-18'];

const vendorAnalytics: VendorAnalytics = {
  range: '7d',
  level: 'premium',
  bucket: 'day',
  from: '2026-11-12',
  to: '2026-11-18',
  card: null,
  tiles: {
    stampsIssued: 12,
    stampsReversed: 1,
    rewardsRedeemed: 3,
    rewardsExpired: 0,
    activeUsers: 5,
    completionRate: 40,
  },
  series: days.map((bucket) => ({ bucket, stamps: 4, redemptions: 1 })),
  customerMix: days.map((bucket) => ({ bucket, newCustomers: 1, returningCustomers: 2 })),
  customerMixTotals: { newCustomers: 3, returningCustomers: 2 },
  cardPerformance: [
    {
      id: 'c1',
      name: 'Chai Card',
      cardType: 'free',
      status: 'active',
      users: 5,
      stamps: 12,
      rewardsEarned: 4,
      rewardsRedeemed: 3,
      completionRate: 40,
    },
  ],
  topCustomers: [{ userId: 'u1', name: 'Ayesha Khan', email: 'ayesha@example.pk', stamps: 6, rewards: 1 }],
  peakHours: [
    { band: 'morning', stamps: 6, share: 50 },
    { band: 'afternoon', stamps: 3, share: 25 },
    { band: 'evening', stamps: 3, share: 25 },
    { band: 'night', stamps: 0, share: 0 },
  ],
  partnerShares: null,
};

const platformAnalytics: AdminAnalytics = {
  range: '30d',
  bucket: 'day',
  from: '2026-10-20',
  to: '2026-11-18',
  totals: { signups: 9, stamps: 12, redemptions: 3, revenue: 10000 },
  series: days.map((bucket) => ({ bucket, signups: 3, stamps: 4, redemptions: 1, revenue: 5000 })),
  byCity: [{ key: 'Lahore', label: 'Lahore', vendors: 2, stamps: 12, redemptions: 3, revenue: 10000 }],
  byCategory: [{ key: 'cafe', label: 'Cafe', vendors: 2, stamps: 12, redemptions: 3, revenue: 10000 }],
};

const documents: Array<[string, AnalyticsDocument]> = [
  ['vendor', vendorAnalyticsDocument('Karachi Chai House', vendorAnalytics)],
  ['platform', platformAnalyticsDocument(platformAnalytics)],
];

const WIN_ANSI: Record<string, string> = { '\x85': '…', '\x96': '–', '\x97': '—' };

/** Each line of text the PDF draws, its WinAnsi punctuation read back. */
const drawnTexts = (pdf: Buffer) =>
  pdfText(pdf)
    .split('\n')
    .map((line) => line.replace(/[\x85\x96\x97]/g, (byte) => WIN_ANSI[byte]!));

describe('analytics PDF tables', () => {
  const doc = new PDFDocument({ size: 'A4' });
  const measure: MeasureText = (text, bold) =>
    doc
      .font(bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(8.5)
      .widthOfString(text);
  // A4 less the margins, as the export lays it out.
  const width = doc.page.width - 2 * 48;

  it.each(documents)(
    'the %s export: every header fits its column, wrapped between words, never cut',
    (_name, document) => {
      for (const table of document.tables) {
        const { widths, headerLines } = layoutTable(table, width, measure);
        expect(widths.reduce((sum, value) => sum + value, 0)).toBeCloseTo(width, 3);
        table.header.forEach((header, index) => {
          expect(headerLines[index]!.join(' ')).toBe(header);
          for (const line of headerLines[index]!) expect(measure(line, true)).toBeLessThanOrEqual(widths[index]! - 6);
        });
      }
    },
  );

  it('wraps a header that its column cannot hold on one line', () => {
    const table = {
      title: 'Card Performance',
      header: ['Card', 'Type', 'Status', 'Users', 'Stamps', 'Rewards Earned', 'Rewards Redeemed', 'Completion'],
      rows: [['A very long card name that wants the whole page to itself', 'Free', 'Active', 1, 2, 3, 4, '50%']],
    };
    const { headerLines } = layoutTable(table, width, measure);
    expect(headerLines[6]).toEqual(['Rewards', 'Redeemed']);
  });

  it.each(documents)('the %s PDF draws every header whole', async (_name, document) => {
    const texts = drawnTexts(await renderAnalyticsPdf(document, new Date('2026-11-18T09:00:00.000Z')));
    expect(texts).toContain(document.title);
    for (const table of document.tables) {
      const { headerLines } = layoutTable(table, width, measure);
      for (const line of headerLines.flat()) expect(texts).toContain(line);
    }
    expect(texts.filter((text) => text.includes('…'))).toEqual([]);
  });
});

describe('an Urdu line’s runs (decision 090)', () => {
  it('cuts Urdu words from the Latin letters and digits between them, in reading order', () => {
    expect(scriptRuns('نومبر 2026 میں Chaska نے آپ کے لیے کیا کیا')).toEqual([
      { text: 'نومبر', urdu: true },
      { text: ' 2026 ', urdu: false },
      { text: 'میں', urdu: true },
      { text: ' Chaska ', urdu: false },
      { text: 'نے آپ کے لیے کیا کیا', urdu: true },
    ]);
    expect(scriptRuns('Rs 500')).toEqual([{ text: 'Rs 500', urdu: false }]);
  });
});
