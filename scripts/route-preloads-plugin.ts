import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin, ResolvedConfig } from 'vite';
import {
  ROUTE_PRELOADS_FILE,
  type BuildPreloads,
  type RoutePreload,
  type UrduStart,
} from '../src/server/plugins/route-preloads.ts';
import { START_NAMESPACES } from '../src/shared/i18n/languages.ts';
import { AREA_SCREENS_MODULE, isAreaScreen, type ScreenPath } from '../src/client/route-table.ts';
import {
  addWithStaticImports,
  chunkContaining,
  documentFiles,
  firstDownload,
  isChunk,
  type Bundle,
} from './bundle-graph.ts';

/** The Urdu chunk (namespace loaders and Nastaliq's loader) and the regular weight's font file. */
const URDU_MODULE = 'lib/urdu.ts';
const URDU_REGULAR_FONT = 'noto-nastaliq-urdu-400.woff2';

/** src/shared/i18n/<language>/<namespace>.ts, from the client root (src/client). */
function catalogueModule(clientRoot: string, language: string, namespace: string): string {
  return path.resolve(clientRoot, '../shared/i18n', language, `${namespace}.ts`);
}

/** The namespaces whose English texts ride in these files (registered by the screens they hold). */
function namespacesIn(bundle: Bundle, clientRoot: string, files: Iterable<string>): string[] {
  const englishFolder = path.resolve(clientRoot, '../shared/i18n/en');
  const namespaces = new Set<string>();
  for (const file of files) {
    const output = bundle[file];
    if (!isChunk(output)) continue;
    for (const id of output.moduleIds) {
      if (path.dirname(id) === englishFolder) namespaces.add(path.basename(id, '.ts'));
    }
  }
  return [...namespaces];
}

/** The chunks holding these Urdu namespaces, with their static imports, less what is already loaded. */
function urduCatalogueFiles(bundle: Bundle, clientRoot: string, namespaces: string[], loaded: Set<string>): string[] {
  const files = new Set<string>();
  for (const namespace of namespaces) {
    const chunk = chunkContaining(bundle, catalogueModule(clientRoot, 'ur', namespace));
    if (chunk) addWithStaticImports(bundle, chunk.fileName, files);
  }
  return [...files].filter((file) => file.endsWith('.js') && !loaded.has(file));
}

function buildUrduStart(bundle: Bundle, clientRoot: string, base: string, loaded: Set<string>): UrduStart {
  const urdu = chunkContaining(bundle, path.join(clientRoot, URDU_MODULE));
  if (!urdu) throw new Error(`route preloads: no chunk holds ${URDU_MODULE}`);
  const files = new Set<string>();
  addWithStaticImports(bundle, urdu.fileName, files);
  const font = Object.values(bundle).find(
    (output) =>
      output.type === 'asset' &&
      [...output.names, ...output.originalFileNames].some((name) => path.basename(name) === URDU_REGULAR_FONT),
  );
  if (!font) throw new Error(`route preloads: the build has no ${URDU_REGULAR_FONT}`);
  const scripts = [
    ...[...files].filter((file) => file.endsWith('.js') && !loaded.has(file)),
    ...urduCatalogueFiles(bundle, clientRoot, [...START_NAMESPACES], new Set([...loaded, ...files])),
  ];
  return {
    font: `${base}${font.fileName}`,
    styles: [...files].filter((file) => file.endsWith('.css') && !loaded.has(file)).map((file) => `${base}${file}`),
    scripts: scripts.map((file) => `${base}${file}`),
  };
}

/**
 * For each address, the scripts its screens need that index.html does not already load, and the
 * Urdu texts of the namespaces those screens bring (not the start ones, which every Urdu page gets).
 */
export function buildRoutePreloads(
  bundle: Bundle,
  clientRoot: string,
  screenPaths: ScreenPath[],
  base: string,
): BuildPreloads {
  const loadedByDocument = documentFiles(bundle);
  const routes = screenPaths.map(({ pattern, screens }): RoutePreload => {
    const modules = screens.map((screen) => screen.module);
    // An area's screens are loaded through the areas' loader chunk: it comes with them.
    if (modules.some(isAreaScreen)) modules.push(AREA_SCREENS_MODULE);
    const needed = firstDownload(bundle, clientRoot, modules);
    const files = [...needed].filter((file) => file.endsWith('.js') && !loadedByDocument.has(file));
    const namespaces = namespacesIn(bundle, clientRoot, files).filter(
      (namespace) => !(START_NAMESPACES as readonly string[]).includes(namespace),
    );
    const urduFiles = urduCatalogueFiles(bundle, clientRoot, namespaces, loadedByDocument);
    return {
      pattern,
      files: files.map((file) => `${base}${file}`),
      urduFiles: urduFiles.map((file) => `${base}${file}`),
    };
  });
  return { routes, urdu: buildUrduStart(bundle, clientRoot, base, loadedByDocument) };
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
