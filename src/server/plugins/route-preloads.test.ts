import { describe, expect, it } from 'vitest';
import { createRoutePreloads } from './route-preloads';

describe('createRoutePreloads', () => {
  const preloads = createRoutePreloads({
    routes: [
      { pattern: '/user/rewards/:rewardId', files: ['/assets/reward.js'] },
      { pattern: '/user/:section', files: ['/assets/any-section.js'] },
      { pattern: '/user/qr', files: ['/assets/qr.js'] },
      { pattern: '/user', files: ['/assets/dashboard.js'] },
      { pattern: '/auth', files: ['/assets/auth-page.js'], urduFiles: ['/assets/ur-auth.js'] },
    ],
    urdu: {
      font: '/assets/nastaliq-400.woff2',
      styles: ['/assets/urdu.css'],
      scripts: ['/assets/urdu.js', '/assets/ur-common.js'],
    },
  });
  const preloadsFor = (pathname: string, language: 'en' | 'ur') => preloads.browserDrawn(pathname, language).head;

  it('prefers a literal address over a pattern with parameters', () => {
    expect(preloadsFor('/user/qr', 'en')).toContain('/assets/qr.js');
    expect(preloadsFor('/user/qr', 'en')).not.toContain('any-section');
    expect(preloadsFor('/user/history', 'en')).toContain('/assets/any-section.js');
  });

  it('matches whole segments only, ignoring a trailing slash', () => {
    expect(preloadsFor('/user/', 'en')).toContain('/assets/dashboard.js');
    expect(preloadsFor('/user/rewards/42', 'en')).toContain('/assets/reward.js');
    expect(preloadsFor('/user/rewards/42/extra', 'en')).toBe('');
    expect(preloadsFor('/elsewhere', 'en')).toBe('');
  });

  it('names nothing of Urdu on an English page', () => {
    expect(preloadsFor('/auth', 'en')).toBe(
      '\n    <link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/auth-page.js" />',
    );
  });

  it('gives an Urdu page the regular Nastaliq font, the Urdu start and its screens’ Urdu texts', () => {
    const urdu = preloadsFor('/auth', 'ur');
    expect(urdu).toContain(
      '<link rel="preload" as="font" type="font/woff2" crossorigin href="/assets/nastaliq-400.woff2" />',
    );
    expect(urdu).toContain('<link rel="stylesheet" crossorigin href="/assets/urdu.css" />');
    // The start is wanted for the first words: normal priority, unlike the screens' chunks.
    expect(urdu).toContain('<link rel="modulepreload" crossorigin href="/assets/urdu.js" />');
    expect(urdu).toContain('<link rel="modulepreload" crossorigin href="/assets/ur-common.js" />');
    expect(urdu).toContain('fetchpriority="low" href="/assets/auth-page.js"');
    expect(urdu).toContain('fetchpriority="low" href="/assets/ur-auth.js"');
    // An address with no screens of its own still gets the start.
    expect(preloadsFor('/elsewhere', 'ur')).toContain('/assets/nastaliq-400.woff2');
  });

  it('gives a page the server drew only its Urdu style sheet in the head, and every module for after the paint', () => {
    const drawn = preloads.serverDrawn('/auth', 'ur');
    // The fallback faces' style sheet stays: the first paint takes Nastaliq's size from it.
    expect(drawn.head).toBe('\n    <link rel="stylesheet" crossorigin href="/assets/urdu.css" />');
    // No font preload: the drawn text asks for Nastaliq once the Urdu chunk runs.
    expect(drawn.modules).toEqual([
      '/assets/urdu.js',
      '/assets/ur-common.js',
      '/assets/auth-page.js',
      '/assets/ur-auth.js',
    ]);
    expect(preloads.serverDrawn('/auth', 'en')).toEqual({ head: '', modules: ['/assets/auth-page.js'] });
    expect(preloads.serverDrawn('/elsewhere', 'en')).toEqual({ head: '', modules: [] });
  });

  it('names nothing of Urdu when the build has no Urdu start', () => {
    const withoutUrdu = createRoutePreloads({ routes: [{ pattern: '/', files: [] }], urdu: null });
    expect(withoutUrdu.browserDrawn('/', 'ur').head).toBe('');
    expect(withoutUrdu.serverDrawn('/', 'ur')).toEqual({ head: '', modules: [] });
  });
});
