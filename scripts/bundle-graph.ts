import path from 'node:path';
import type { Rollup } from 'vite';

/** What the client build wrote, and how the browser walks it: helpers for the build's reports. */
export type Bundle = Rollup.OutputBundle;
export type Chunk = Rollup.OutputChunk & { viteMetadata?: { importedCss: Set<string> } };

export function isChunk(output: Bundle[string] | undefined): output is Chunk {
  return output?.type === 'chunk';
}

/** The files index.html makes the browser fetch before any route code: entry script, modulepreloads, styles. */
export function filesNamedByHtml(bundle: Bundle): string[] {
  const html = bundle['index.html'];
  if (html?.type !== 'asset') return [];
  const references = String(html.source).matchAll(
    /<(?:script[^>]*\stype="module"[^>]*\ssrc|link[^>]*\srel="(?:modulepreload|stylesheet)"[^>]*\shref)="\/?([^"]+)"/g,
  );
  return [...references].map((match) => match[1] ?? '').filter((file) => !file.startsWith('http'));
}

/** A chunk, everything it imports statically (what the browser needs before running it) and their CSS. */
export function addWithStaticImports(bundle: Bundle, file: string, into: Set<string>): void {
  if (into.has(file)) return;
  into.add(file);
  const output = bundle[file];
  if (!isChunk(output)) return;
  for (const css of output.viteMetadata?.importedCss ?? []) into.add(css);
  for (const imported of output.imports) addWithStaticImports(bundle, imported, into);
}

/** What the document itself loads: the files index.html names and their static imports. */
export function documentFiles(bundle: Bundle): Set<string> {
  const files = new Set<string>();
  for (const file of filesNamedByHtml(bundle)) addWithStaticImports(bundle, file, files);
  return files;
}

export function chunkContaining(bundle: Bundle, moduleId: string): Chunk | undefined {
  return Object.values(bundle).find(
    (output): output is Chunk => isChunk(output) && output.moduleIds.includes(moduleId),
  );
}

/** What an address downloads before it can run: the document's files plus each screen's chunk and static imports. */
export function firstDownload(bundle: Bundle, clientRoot: string, screenModules: string[]): Set<string> {
  const files = documentFiles(bundle);
  for (const module of screenModules) {
    const chunk = chunkContaining(bundle, path.join(clientRoot, module));
    if (!chunk) throw new Error(`bundle graph: no chunk holds ${module}`);
    addWithStaticImports(bundle, chunk.fileName, files);
  }
  return files;
}

/** The npm packages (of those named) whose code is in one of these files. */
export function packagesIn(bundle: Bundle, files: Iterable<string>, packageNames: string[]): string[] {
  const found = new Set<string>();
  for (const file of files) {
    const output = bundle[file];
    if (!isChunk(output)) continue;
    for (const name of packageNames) {
      if (output.moduleIds.some((id) => id.includes(`/node_modules/${name}/`))) found.add(name);
    }
  }
  return [...found];
}
