import { describe, expect, it } from 'vitest';
import { createRoutePreloads } from './route-preloads';

describe('createRoutePreloads', () => {
  const preloadsFor = createRoutePreloads([
    { pattern: '/user/rewards/:rewardId', files: ['/assets/reward.js'] },
    { pattern: '/user/:section', files: ['/assets/any-section.js'] },
    { pattern: '/user/qr', files: ['/assets/qr.js'] },
    { pattern: '/user', files: ['/assets/dashboard.js'] },
  ]);

  it('prefers a literal address over a pattern with parameters', () => {
    expect(preloadsFor('/user/qr')).toContain('/assets/qr.js');
    expect(preloadsFor('/user/qr')).not.toContain('any-section');
    expect(preloadsFor('/user/history')).toContain('/assets/any-section.js');
  });

  it('matches whole segments only, ignoring a trailing slash', () => {
    expect(preloadsFor('/user/')).toContain('/assets/dashboard.js');
    expect(preloadsFor('/user/rewards/42')).toContain('/assets/reward.js');
    expect(preloadsFor('/user/rewards/42/extra')).toBe('');
    expect(preloadsFor('/elsewhere')).toBe('');
  });
});
