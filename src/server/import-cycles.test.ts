import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importCycles } from './test/import-graph';

const root = fileURLToPath(new URL('../..', import.meta.url));
/** Production code only: tests and test helpers may import whatever they exercise. */
const production = (file: string) => !file.endsWith('.test.ts') && !file.includes('/src/server/test/');
/** A module is its folder under modules/; everything else (app.ts, plugins/, lib/, db/…) is one node per top-level name. */
const moduleOf = (file: string) => /^src\/server\/(modules\/[^/]+|[^/]+)/.exec(file)?.[1] ?? file;

/**
 * Module cycles that existed when this check came in, each to be broken by the modules' owners;
 * the list may only shrink. See ARCHITECTURE.md, "Layers".
 */
const KNOWN_MODULE_CYCLES: string[][] = [
  // plugins/authentication loads the viewer from accounts; accounts' and notifications' routes use its guards.
  ['modules/accounts', 'modules/notifications', 'plugins'],
  // vendors' dashboard reads cards and analytics, which lock the vendor through vendors/vendor-plan;
  // stamps read billing's plan limits and billing's usage counts stamps; partner-cards decides which
  // cards a vendor honours for stamps and reads cards and billing for the owner's plan.
  [
    'modules/billing',
    'modules/cards',
    'modules/partner-cards',
    'modules/stamps',
    'modules/vendor-analytics',
    'modules/vendors',
  ],
];

describe('server imports', () => {
  it('have no cycle between files, type-only imports included', () => {
    expect(importCycles(root, 'src/server', { keep: production })).toEqual([]);
  });

  it('have no cycle between modules beyond the known ones', () => {
    const cycles = importCycles(root, 'src/server', { keep: production, groupOf: moduleOf });
    expect(cycles).toEqual(KNOWN_MODULE_CYCLES);
  });
});
