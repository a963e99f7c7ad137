import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin, ResolvedConfig } from 'vite';
import { ROUTE_PRELOADS_FILE, type RoutePreload } from '../src/server/plugins/route-preloads';
import type { ScreenPath } from '../src/client/route-table';
import { documentFiles, firstDownload, type Bundle } from './bundle-graph';

/** For each address, the scripts its screens need that index.html does not already load. */
export function buildRoutePreloads(
  bundle: Bundle,
  clientRoot: string,
  screenPaths: ScreenPath[],
  base: string,
): RoutePreload[] {
  const loadedByDocument = documentFiles(bundle);
  return screenPaths.map(({ pattern, screens }) => {
    const needed = firstDownload(
      bundle,
      clientRoot,
      screens.map((screen) => screen.module),
    );
    const files = [...needed].filter((file) => file.endsWith('.js') && !loadedByDocument.has(file));
    return { pattern, files: files.map((file) => `${base}${file}`) };
  });
}

/**
 * Writes .vite/route-preloads.json in the client build: the server names these files in the
 * page it sends for each address (see src/server/plugins/route-preloads.ts).
 */
export function routePreloads(screenPaths: ScreenPath[]): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'chaska:route-preloads',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    writeBundle(outputOptions, bundle) {
      const preloads = buildRoutePreloads(bundle, config.root, screenPaths, config.base);
      const outDir = outputOptions.dir ?? path.resolve(config.root, config.build.outDir);
      const target = path.join(outDir, ROUTE_PRELOADS_FILE);
      mkdirSync(path.dirname(target), { recursive: true });
      writeFileSync(target, `${JSON.stringify(preloads, null, 2)}\n`);
    },
  };
}
