import { describe, expect, it } from 'vitest';
import { formatPageTitle, hasPublicHead, isPublicPagePath, normalisePagePath } from './page-heads';

describe('page heads (the one home of a public page title)', () => {
  it('formats "Page · Chaska", and the home page with the tagline', () => {
    expect(formatPageTitle('Pricing')).toBe('Pricing · Chaska');
    expect(formatPageTitle(null)).toBe('Chaska — Loyalty, extra spicy.');
  });

  it('reads the path the server reads: no query, no fragment, no trailing slash', () => {
    expect(normalisePagePath('/pricing/?utm_source=x')).toBe('/pricing');
    expect(normalisePagePath('/support#whatsapp')).toBe('/support');
    expect(normalisePagePath('/')).toBe('/');
    expect(normalisePagePath('//')).toBe('/');
  });

  it('knows which pages take their head from the server: the public pages and vendor pages', () => {
    expect(hasPublicHead('/')).toBe(true);
    expect(hasPublicHead('/free-cards')).toBe(true);
    expect(hasPublicHead('/vendors/butt-karahi-lahore')).toBe(true);
    expect(hasPublicHead('/vendors/Butt Karahi')).toBe(false);
    expect(hasPublicHead('/user')).toBe(false);
    expect(hasPublicHead('/admin/seo')).toBe(false);
    expect(isPublicPagePath('/pricing')).toBe(true);
    expect(isPublicPagePath('/pricing/')).toBe(false);
    expect(isPublicPagePath('/vendors/butt-karahi-lahore')).toBe(false);
  });
});
