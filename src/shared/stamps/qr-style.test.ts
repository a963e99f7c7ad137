import { describe, expect, it } from 'vitest';
import { cheapestPlanWithQrStyle, featureNeedsPlanMessage, findPlan, PLANS } from '@shared/billing/plans';
import {
  businessInitials,
  contrastRatio,
  drawQr,
  planQrStyle,
  qrColourField,
  qrColoursProblem,
  STANDARD_QR_COLOURS,
} from './qr-style';

const vendor = { businessName: 'Karachi Chai House', logo: '☕', qrForeground: '#1e3a8a', qrBackground: '#fef3c7' };
const limitsOf = (id: string) => findPlan(id)!.limits;

describe('planQrStyle: the plan decides how a vendor code looks', () => {
  it('starter: the standard code with the Chaska mark, whatever colours are stored', () => {
    expect(planQrStyle(limitsOf('starter'), vendor)).toEqual({
      level: 'standard',
      ...STANDARD_QR_COLOURS,
      errorCorrection: 'M',
      badge: null,
      showBrand: true,
      brandName: 'Chaska',
    });
  });

  it("standard: the vendor's colours, no logo", () => {
    const style = planQrStyle(limitsOf('standard'), vendor);
    expect([style.foreground, style.background, style.badge, style.showBrand]).toEqual([
      '#1e3a8a',
      '#fef3c7',
      null,
      true,
    ]);
  });

  it('standard without colours set: the standard colours', () => {
    const style = planQrStyle(limitsOf('standard'), { ...vendor, qrForeground: null, qrBackground: null });
    expect([style.foreground, style.background]).toEqual([
      STANDARD_QR_COLOURS.foreground,
      STANDARD_QR_COLOURS.background,
    ]);
  });

  it('premium: colours, the logo in the centre and high error correction', () => {
    const style = planQrStyle(limitsOf('premium'), vendor);
    expect([style.foreground, style.errorCorrection, style.badge, style.showBrand]).toEqual([
      '#1e3a8a',
      'H',
      { logo: '☕', initials: 'KC' },
      true,
    ]);
  });

  it('enterprise: everything premium has, and no Chaska mark', () => {
    const style = planQrStyle(limitsOf('enterprise'), vendor);
    expect([style.level, style.badge?.logo, style.errorCorrection, style.showBrand]).toEqual([
      'white_label',
      '☕',
      'H',
      false,
    ]);
  });

  it('a stored pair that would not scan falls back to the standard colours', () => {
    const style = planQrStyle(limitsOf('enterprise'), { ...vendor, qrForeground: '#ffffff', qrBackground: '#000000' });
    expect([style.foreground, style.background]).toEqual([
      STANDARD_QR_COLOURS.foreground,
      STANDARD_QR_COLOURS.background,
    ]);
  });

  it('names the cheapest plan of each level in the refusal', () => {
    expect(PLANS.map((plan) => cheapestPlanWithQrStyle(plan.limits.qrStyle).id)).toEqual([
      'starter',
      'standard',
      'premium',
      'enterprise',
    ]);
    expect(featureNeedsPlanMessage(cheapestPlanWithQrStyle('custom'))).toBe('This feature needs the Standard plan.');
  });
});

describe('QR colours', () => {
  it('accept #rrggbb or empty, and name the field otherwise', () => {
    const field = qrColourField('QR code colour');
    expect(field.parse(' #1E3A8A ')).toBe('#1E3A8A');
    expect(field.parse('')).toBe('');
    expect(field.safeParse('blue').error?.issues[0]?.message).toBe('QR code colour must be a colour like #1c1917.');
    expect(field.safeParse('#12345').success).toBe(false);
  });

  it('refuse low contrast and a light code on a dark background, with a clear message', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21);
    expect(qrColoursProblem('#1e3a8a', '#fef3c7')).toBeNull();
    expect(qrColoursProblem('#ffffff', '#1c1917')).toEqual({
      field: 'qrForeground',
      message: 'QR code colour must be darker than the QR background colour, or phones cannot scan the code.',
    });
    expect(qrColoursProblem('#9ca3af', '#ffffff')?.message).toMatch(
      /^QR code colours need more contrast to scan: 2\.\d:1 now, at least 4\.5:1\./,
    );
  });

  it('initials for the printed badge', () => {
    expect([businessInitials('Karachi Chai House'), businessInitials('ice'), businessInitials('  —  ')]).toEqual([
      'KC',
      'I',
      '?',
    ]);
  });
});

describe('drawQr', () => {
  it('keeps the badge centred and clear of dark modules', () => {
    const drawing = drawQr('https://chaska.pk/vendors/x?join=1', planQrStyle(limitsOf('premium'), vendor));
    const badge = drawing.badge!;
    expect(badge.x * 2 + badge.size).toBe(drawing.size);
    expect(
      drawing.dark.some(
        ([x, y]) => x >= badge.x && x < badge.x + badge.size && y >= badge.y && y < badge.y + badge.size,
      ),
    ).toBe(false);
  });
});
