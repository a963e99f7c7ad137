import { describe, expect, it } from 'vitest';
import { UR_CATALOGUE } from '@shared/i18n/catalogue-ur';
import { ROMAN_URDU_TEXTS } from '@shared/i18n/roman-urdu';
import { isUnicodeSms, nextPhoneMarketingTime, smsParts, smsText } from './outbox';

describe('nextPhoneMarketingTime (decision 081)', () => {
  // Pakistan is UTC+5 all year: 09:00 there is 04:00 UTC, 21:00 is 16:00 UTC.
  it('is now from 09:00 to just before 21:00 in Pakistan', () => {
    for (const now of ['2026-03-16T04:00:00.000Z', '2026-03-16T10:30:00.000Z', '2026-03-16T15:59:59.999Z'])
      expect(nextPhoneMarketingTime(new Date(now)).toISOString()).toBe(now);
  });

  it('is 09:00 the same morning before it, and the next morning from 21:00', () => {
    expect(nextPhoneMarketingTime(new Date('2026-03-16T01:00:00.000Z')).toISOString()).toBe('2026-03-16T04:00:00.000Z');
    expect(nextPhoneMarketingTime(new Date('2026-03-16T16:00:00.000Z')).toISOString()).toBe('2026-03-17T04:00:00.000Z');
    // Saturday 23:58 in Pakistan, and the last evening of a month: the next morning, in the next month.
    expect(nextPhoneMarketingTime(new Date('2026-03-14T18:58:00.000Z')).toISOString()).toBe('2026-03-15T04:00:00.000Z');
    expect(nextPhoneMarketingTime(new Date('2026-03-31T18:30:00.000Z')).toISOString()).toBe('2026-04-01T04:00:00.000Z');
    // 00:30 in Pakistan is still the evening before in UTC.
    expect(nextPhoneMarketingTime(new Date('2026-03-16T19:30:00.000Z')).toISOString()).toBe('2026-03-17T04:00:00.000Z');
  });
});

describe('smsText', () => {
  it('folds the typography GSM-7 lacks, so an English SMS with a price stays one 160-character part', () => {
    const words = `Karahi House, Multan: ${'Rs\u00a0299'} instead of Rs\u00a0499. Don\u2019t miss it \u2013 \u201ctoday\u201d only\u2026`;
    expect(smsText(words)).toBe('Karahi House, Multan: Rs 299 instead of Rs 499. Don\'t miss it - "today" only...');
    expect(isUnicodeSms(words)).toBe(false);
    expect(smsParts(words)).toBe(1);
    // Urdu stays Urdu.
    expect(isUnicodeSms('Rs\u00a0299 کے بجائے')).toBe(true);
  });
});

describe('smsParts', () => {
  it('counts the parts an SMS is billed as: 160 or 153 a part in GSM-7, 70 or 67 in UCS-2', () => {
    expect(smsParts('a'.repeat(160))).toBe(1);
    expect(smsParts('a'.repeat(161))).toBe(2);
    expect(smsParts('a'.repeat(306))).toBe(2);
    expect(smsParts('a'.repeat(307))).toBe(3);
    expect(smsParts('ب'.repeat(70))).toBe(1);
    expect(smsParts('ب'.repeat(71))).toBe(2);
    expect(smsParts('ب'.repeat(134))).toBe(2);
    expect(smsParts('ب'.repeat(135))).toBe(3);
    // One character outside GSM-7 makes the whole message UCS-2.
    expect(smsParts(`${'a'.repeat(100)}ب`)).toBe(2);
  });

  it('bills a code in Roman Urdu as one GSM-7 part, where the same words in Urdu letters take two UCS-2 parts', () => {
    const roman = ROMAN_URDU_TEXTS['account:phoneCode.text'].replace('{{code}}', '042917');
    const urdu = UR_CATALOGUE.account['phoneCode.text'].replace('{{code}}', '042917');
    expect(isUnicodeSms(roman)).toBe(false);
    expect(roman.length).toBeGreaterThan(urdu.length);
    expect(smsParts(roman)).toBe(1);
    expect(isUnicodeSms(urdu)).toBe(true);
    expect(smsParts(urdu)).toBe(2);
  });
});
