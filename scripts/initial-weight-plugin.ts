import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';
import type { ScreenPath } from '../src/client/route-table.ts';
import {
  addWithStaticImports,
  chunkContaining,
  documentFiles,
  firstDownload,
  isChunk,
  packagesIn,
  type Bundle,
  type Chunk,
} from './bundle-graph.ts';

/**
 * Issues 16 and 20: the first download of / at or under 120 kB of gzip JavaScript. A goal, printed
 * beside the figure and judged by bench:web; the budget below it is what the build enforces.
 */
export const HOME_JS_TARGET_GZIP_BYTES = 120_000;

/** A page whose first download is reported: its path and the module of its screen (under the client root). */
export interface WeighedPage {
  path: string;
  module: string;
  /** The most JavaScript (gzip bytes) this page may load first: over it, the build fails. */
  jsBudgetGzipBytes?: number;
  /** Where the page should get to (gzip bytes); printed beside the figure, not enforced. */
  jsTargetGzipBytes?: number;
}

/** An area of the app that must stay out of the first download, named by its folders or files. */
export interface WeighedArea {
  name: string;
  modulePrefixes: string[];
}

/** Packages no address may download first (a heavy library only some screens need, loaded lazily). */
export interface LazyPackages {
  packages: string[];
  /** Every address and its screens (the route table): each one's first download is checked. */
  routes: ScreenPath[];
}

export interface InitialWeightOptions {
  pages: WeighedPage[];
  areas: WeighedArea[];
  lazyPackages?: LazyPackages;
}

/** An address whose first download carries a package that must load lazily. */
export interface EagerPackage {
  route: string;
  packages: string[];
}

export interface WeighedFile {
  file: string;
  bytes: number;
  gzipBytes: number;
}

export interface PageWeight {
  path: string;
  jsBudgetGzipBytes?: number;
  jsTargetGzipBytes?: number;
  js: WeighedFile[];
  css: WeighedFile[];
  jsGzipBytes: number;
  cssGzipBytes: number;
}

export interface AreaWeight {
  name: string;
  chunks: WeighedFile[];
  gzipBytes: number;
  /** True when none of the area's chunks is part of any reported page's first download. */
  separate: boolean;
}

export interface InitialWeightReport {
  pages: PageWeight[];
  areas: AreaWeight[];
  /** Addresses whose first download holds a package listed in lazyPackages: the build fails on any. */
  eagerPackages: EagerPackage[];
}

/** Where the report lands inside the client build (not served: the static server ignores dot folders). */
export const INITIAL_WEIGHT_FILE = path.join('.vite', 'initial-weight.json');

function weigh(bundle: Bundle, file: string): WeighedFile {
  const output = bundle[file];
  const source = output === undefined ? '' : isChunk(output) ? output.code : output.source;
  const bytes = Buffer.from(source);
  return { file, bytes: bytes.length, gzipBytes: gzipSync(bytes, { level: 9 }).length };
}

function sumGzip(files: WeighedFile[]): number {
  return files.reduce((total, file) => total + file.gzipBytes, 0);
}

export function buildInitialWeightReport(
  bundle: Bundle,
  clientRoot: string,
  options: InitialWeightOptions,
): InitialWeightReport {
  const loadedByDocument = documentFiles(bundle);

  const pageFiles = options.pages.map((page) => {
    const files = new Set(loadedByDocument);
    const moduleId = path.join(clientRoot, page.module);
    const screen = chunkContaining(bundle, moduleId);
    if (!screen) throw new Error(`initial weight: no chunk holds ${page.module} (page ${page.path})`);
    addWithStaticImports(bundle, screen.fileName, files);
    return { page, files };
  });

  const pages = pageFiles.map(({ page, files }): PageWeight => {
    const weighed = [...files].map((file) => weigh(bundle, file));
    const js = weighed.filter((file) => file.file.endsWith('.js'));
    const css = weighed.filter((file) => file.file.endsWith('.css'));
    return {
      path: page.path,
      jsBudgetGzipBytes: page.jsBudgetGzipBytes,
      jsTargetGzipBytes: page.jsTargetGzipBytes,
      js,
      css,
      jsGzipBytes: sumGzip(js),
      cssGzipBytes: sumGzip(css),
    };
  });

  const loadedFirst = new Set(pageFiles.flatMap(({ files }) => [...files]));
  const areas = options.areas.map((area): AreaWeight => {
    const prefixes = area.modulePrefixes.map((prefix) => path.join(clientRoot, prefix));
    const chunks = Object.values(bundle)
      .filter((output): output is Chunk => isChunk(output))
      .filter((chunk) => chunk.moduleIds.some((id) => prefixes.some((prefix) => id.startsWith(prefix))))
      .map((chunk) => weigh(bundle, chunk.fileName))
      .sort((a, b) => b.gzipBytes - a.gzipBytes);
    return {
      name: area.name,
      chunks,
      gzipBytes: sumGzip(chunks),
      separate: chunks.length > 0 && chunks.every((chunk) => !loadedFirst.has(chunk.file)),
    };
  });

  const lazy = options.lazyPackages;
  const routes = lazy ? [{ pattern: '/', screens: [] }, ...lazy.routes] : [];
  const eagerPackages = routes
    .map(({ pattern, screens }): EagerPackage => {
      const files = firstDownload(
        bundle,
        clientRoot,
        screens.map((screen) => screen.module),
      );
      return { route: pattern, packages: packagesIn(bundle, files, lazy?.packages ?? []) };
    })
    .filter((route) => route.packages.length > 0);

  return { pages, areas, eagerPackages };
}

function kilobytes(bytes: number): string {
  return `${(bytes / 1000).toFixed(2)} kB`;
}

export function formatInitialWeightReport(report: InitialWeightReport): string {
  const lines = ['First download per page (gzip, level 9):'];
  for (const page of report.pages) {
    const budget = page.jsBudgetGzipBytes;
    const target = page.jsTargetGzipBytes;
    const verdicts = [
      budget === undefined ? '' : `${page.jsGzipBytes <= budget ? 'within' : 'OVER'} budget ${kilobytes(budget)}`,
      target === undefined
        ? ''
        : `target ${kilobytes(target)} ${page.jsGzipBytes <= target ? 'met' : `not met, ${kilobytes(page.jsGzipBytes - target)} over`}`,
    ].filter(Boolean);
    const verdict = verdicts.length === 0 ? '' : ` (${verdicts.join('; ')})`;
    lines.push(
      `  ${page.path.padEnd(14)} JS ${kilobytes(page.jsGzipBytes).padStart(10)}${verdict}` +
        `  CSS ${kilobytes(page.cssGzipBytes).padStart(9)}  files: ${[...page.js, ...page.css].map((file) => file.file).join(', ')}`,
    );
  }
  lines.push('Lazy areas:');
  for (const area of report.areas) {
    const status = area.separate ? 'separate lazy chunks' : 'NOT separate: part of a first download';
    lines.push(`  ${area.name}: ${area.chunks.length} chunks, ${kilobytes(area.gzipBytes)} gzip, ${status}`);
    for (const chunk of area.chunks)
      lines.push(`    ${chunk.file.padEnd(52)} ${kilobytes(chunk.gzipBytes).padStart(10)}`);
  }
  if (report.eagerPackages.length > 0) {
    lines.push('Libraries that must load lazily, found in a first download:');
    for (const route of report.eagerPackages) lines.push(`  ${route.route}: ${route.packages.join(', ')}`);
  }
  return lines.join('\n');
}

/**
 * Prints, after each client build, what / and the other listed pages download before they can
 * run (index.html's scripts, modulepreloads and styles plus the screen's own chunk and its static
 * imports), checks that the listed areas stay in lazy chunks and that no address's first download
 * holds a lazy-only library (Recharts), and writes the figures to
 * .vite/initial-weight.json in the build folder for the benchmark.
 */
export function initialWeightReport(options: InitialWeightOptions): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'chaska:initial-weight',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    writeBundle(outputOptions, bundle) {
      const report = buildInitialWeightReport(bundle, config.root, options);
      config.logger.info(`\n${formatInitialWeightReport(report)}`);
      const outDir = outputOptions.dir ?? path.resolve(config.root, config.build.outDir);
      const target = path.join(outDir, INITIAL_WEIGHT_FILE);
      mkdirSync(path.dirname(target), { recursive: true });
      writeFileSync(target, `${JSON.stringify(report, null, 2)}\n`);
      // A budget is a promise to phones on slow networks: going over it fails the build (and CI).
      const over = report.pages.filter(
        (page) => page.jsBudgetGzipBytes !== undefined && page.jsGzipBytes > page.jsBudgetGzipBytes,
      );
      if (over.length > 0) {
        this.error(
          `First download over budget: ${over.map((page) => `${page.path} ${kilobytes(page.jsGzipBytes)} > ${kilobytes(page.jsBudgetGzipBytes!)}`).join(', ')}`,
        );
      }
      if (report.eagerPackages.length > 0) {
        this.error(
          `Lazy-only libraries in a first download (load them with a dynamic import): ${report.eagerPackages.map((route) => `${route.route} (${route.packages.join(', ')})`).join(', ')}`,
        );
      }
    },
  };
}
