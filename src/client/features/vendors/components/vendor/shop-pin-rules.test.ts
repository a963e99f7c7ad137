import { describe, expect, it } from 'vitest';
import { vendorProfileSchema } from '@shared/vendors/vendor-profile';
import { pinFromTexts, pinTexts } from './shop-pin-rules';

describe('the shop pin boxes', () => {
  it('read both empty as no pin, and numbers as degrees (a comma as the decimal mark too)', () => {
    expect(pinFromTexts({ latitude: '', longitude: ' ' })).toBeNull();
    expect(pinFromTexts({ latitude: '31.5204', longitude: '74,3587' })).toEqual({
      latitude: 31.5204,
      longitude: 74.3587,
    });
  });

  it('keep a half-typed or garbled pin as NaN, so the schema names the field at fault', () => {
    const half = pinFromTexts({ latitude: '31.52', longitude: '' });
    expect(half).toEqual({ latitude: 31.52, longitude: Number.NaN });
    const parsed = vendorProfileSchema.shape.shopLocation.safeParse(half);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['longitude']);
    expect(pinFromTexts({ latitude: '31.5N', longitude: '74.3' })!.latitude).toBeNaN();
  });

  it('show a saved pin to six decimals, and nothing for none', () => {
    expect(pinTexts({ latitude: 31.520370123, longitude: 74.3587499 })).toEqual({
      latitude: '31.52037',
      longitude: '74.35875',
    });
    expect(pinTexts(null)).toEqual({ latitude: '', longitude: '' });
  });
});
