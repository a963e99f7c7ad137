import { describe, expect, it } from 'vitest';
import { csvField, toCsv } from './csv';

describe('CSV', () => {
  it('quotes commas, quotes and line breaks as RFC 4180 says', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('Gulberg, Lahore')).toBe('"Gulberg, Lahore"');
    expect(csvField('The "best" chai')).toBe('"The ""best"" chai"');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(42)).toBe('42');
    expect(csvField(null)).toBe('');
  });

  it('keeps formulas as text', () => {
    expect(csvField('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvField('+923001234567')).toBe("'+923001234567");
    expect(csvField(-5)).toBe('-5');
  });

  it('joins rows with CRLF after a byte-order mark', () => {
    expect(
      toCsv([
        ['a', 'b'],
        [1, 'c,d'],
      ]),
    ).toBe('\uFEFFa,b\r\n1,"c,d"\r\n');
  });
});
