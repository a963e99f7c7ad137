import { beforeAll, describe, expect, it } from 'vitest';
import { PLANS } from '@shared/billing/plans';
import { drawQr, planQrStyle } from '@shared/stamps/qr-style';
import { loadNodeQrDecoder } from './counter-qr-test-helpers';
import { renderQrPng } from './qr-png';

let decode: (png: Buffer) => Promise<string[]>;

beforeAll(async () => {
  decode = await loadNodeQrDecoder();
});

const vendor = { businessName: 'Karachi Chai House', logo: '☕', qrForeground: '#1e3a8a', qrBackground: '#fef3c7' };
const payloads = {
  'a counter code': 'chaska:v1.counter.7KQ4M2XZ.c2lnbmF0dXJlLXRoYXQtaXMtcXVpdGUtbG9uZy1hY3R1YWxseQ',
  'a join code': 'https://chaska.pk/vendors/karachi-chai-house?join=0b9c6a51-3f0e-4a8e-9d55-5b8f0c3c1a77',
};

describe('every plan style of QR code scans with a real decoder', () => {
  for (const plan of PLANS) {
    for (const [what, payload] of Object.entries(payloads)) {
      it(`${plan.name} (${plan.limits.qrStyle}): ${what}`, async () => {
        const style = planQrStyle(plan.limits, vendor);
        const png = renderQrPng(drawQr(payload, style));
        expect(await decode(png)).toEqual([payload]);
      });
    }
  }

  it('the decoder is not fooled: a code whose centre is covered without high error correction does not read', async () => {
    const payload = payloads['a counter code'];
    const style = { ...planQrStyle(PLANS[2]!.limits, vendor), errorCorrection: 'M' as const };
    // A much larger badge than the plan style uses, on medium correction.
    const drawing = drawQr(payload, style);
    const big = {
      ...drawing,
      badge: { x: drawing.margin + 4, y: drawing.margin + 4, size: drawing.size - drawing.margin * 2 - 8 },
    };
    big.dark = drawing.dark.filter(
      ([x, y]) =>
        !(x >= big.badge.x && x < big.badge.x + big.badge.size && y >= big.badge.y && y < big.badge.y + big.badge.size),
    );
    expect(await decode(renderQrPng(big))).toEqual([]);
  });
});
