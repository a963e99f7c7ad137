import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importCycles } from './server/test/import-graph';

const root = fileURLToPath(new URL('..', import.meta.url));
/** Production code only: tests and test helpers may import whatever they exercise. */
const production = (file: string) => !/\.test\.tsx?$/.test(file) && !file.includes('/src/server/test/');
/** A server domain is its folder under modules/; everything else (app.ts, plugins/, viewer/, lib/, db/…) is one node per top-level name. */
const serverModuleOf = (file: string) => /^src\/server\/(modules\/[^/]+|[^/]+)/.exec(file)?.[1] ?? file;
/** A client layer is a top-level folder (lib, components, features, app) or file (router, providers). */
const clientLayerOf = (file: string) => /^src\/client\/([^/.]+)/.exec(file)?.[1] ?? file;
/** src/client, src/server, src/shared. */
const sideOf = (file: string) => /^src\/([^/]+)/.exec(file)?.[1] ?? file;
/** A client feature is its folder under features/; every other client file is its own node. */
const clientFeatureOf = (file: string) => /^src\/client\/(features\/[^/]+)/.exec(file)?.[1] ?? file;

/*
 * Layers (ARCHITECTURE.md): what several domains use sits below all of them, so no two domains
 * import each other, directly or round a loop. On the server the viewer's loader lives in viewer/
 * (below plugins/authentication and every domain), the audit log in lib/, and a domain that
 * follows another's changes (the Wallet passes, webhooks, automations) registers an after-change
 * effect (lib/after-change.ts) instead of being imported by it.
 */
describe('server imports', () => {
  it('have no cycle between files, type-only imports included', () => {
    expect(importCycles(root, 'src/server', { keep: production })).toEqual([]);
  });

  it('have no cycle between domains', () => {
    expect(importCycles(root, 'src/server', { keep: production, groupOf: serverModuleOf })).toEqual([]);
  });
});

describe('client imports', () => {
  it('have no cycle between files, type-only imports included', () => {
    expect(importCycles(root, 'src/client', { keep: production })).toEqual([]);
  });

  // What several domains use (admin tables, the vendor picker, the vendor area's guard, share buttons,
  // code panels, charts, shared cache keys and catalogues) sits below them in components/ or lib/.
  it('have no cycle between domains', () => {
    expect(importCycles(root, 'src/client', { keep: production, groupOf: clientFeatureOf })).toEqual([]);
  });

  // lib/ below components/ below features/ below app/, the router and the providers above them all.
  it('have no cycle between layers', () => {
    expect(importCycles(root, 'src/client', { keep: production, groupOf: clientLayerOf })).toEqual([]);
  });
});

describe('the sides', () => {
  it('client, server and shared have no cycle between them', () => {
    expect(importCycles(root, 'src', { keep: production, groupOf: sideOf })).toEqual([]);
  });
});
