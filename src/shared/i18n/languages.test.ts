import { describe, expect, it } from 'vitest';
import { languageFromAcceptLanguage, requestLanguage } from './languages';

describe('the language of a request', () => {
  it('takes the best weighted language of Accept-Language that we have', () => {
    expect(languageFromAcceptLanguage('ur-PK,ur;q=0.9,en;q=0.8')).toBe('ur');
    expect(languageFromAcceptLanguage('en-GB,en;q=0.9,ur;q=0.8')).toBe('en');
    expect(languageFromAcceptLanguage('fr-FR, ur;q=0.5, en;q=0.4')).toBe('ur');
    expect(languageFromAcceptLanguage('en;q=0.2, ur;q=0.7')).toBe('ur');
    expect(languageFromAcceptLanguage('ur;q=0, en')).toBe('en');
  });

  it('falls back to English without a header or a match', () => {
    expect(languageFromAcceptLanguage(undefined)).toBe('en');
    expect(languageFromAcceptLanguage('de-DE,fr;q=0.9')).toBe('en');
    expect(languageFromAcceptLanguage('*')).toBe('en');
  });

  it('prefers the cookie, and ignores a cookie that names no language of ours', () => {
    expect(requestLanguage('ur', 'en')).toBe('ur');
    expect(requestLanguage('en', 'ur')).toBe('en');
    expect(requestLanguage('xx', 'ur')).toBe('ur');
  });
});
