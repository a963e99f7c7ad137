import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

/** Every import of a file (values and types alike, re-exports and `import()` too), as written. */
function importsOf(file: string): string[] {
  return ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles.map((entry) => entry.fileName);
}

function sourceFiles(folder: string, keep: (file: string) => boolean): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return sourceFiles(path, keep);
    return /\.tsx?$/.test(name) && keep(path) ? [path] : [];
  });
}

function resolveImport(root: string, from: string, specifier: string): string | null {
  const alias = /^@(server|shared|client)\/(.*)$/.exec(specifier);
  const base = alias
    ? join(root, 'src', alias[1]!, alias[2]!)
    : specifier.startsWith('.')
      ? resolve(dirname(from), specifier)
      : null;
  if (!base) return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

export interface ImportGraphOptions {
  /** Which files take part (tests and test helpers usually do not). */
  keep: (file: string) => boolean;
  /**
   * Draws the graph between groups of files instead (a module's folder, say): a group importing
   * itself is no cycle, two groups importing each other are.
   */
  groupOf?: (file: string) => string;
}

/**
 * The import graph of the files under `folder` (relative to `root`), keeping only edges between
 * those files, and its cycles: every strongly connected set of two or more nodes, or a file that
 * imports itself (Tarjan's algorithm). Nodes are paths relative to `root`, or group names.
 */
export function importCycles(root: string, folder: string, options: ImportGraphOptions): string[][] {
  const files = sourceFiles(join(root, folder), options.keep);
  const inside = new Set(files);
  const nodeOf = (file: string) => (options.groupOf ? options.groupOf(relative(root, file)) : relative(root, file));
  const edges = new Map<string, string[]>();
  for (const file of files) {
    const from = nodeOf(file);
    const targets = importsOf(file)
      .map((specifier) => resolveImport(root, file, specifier))
      .filter((target): target is string => target !== null && inside.has(target))
      .map(nodeOf)
      .filter((target) => !options.groupOf || target !== from);
    edges.set(from, [...(edges.get(from) ?? []), ...targets]);
  }

  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (file: string): void => {
    index.set(file, counter);
    low.set(file, counter);
    counter += 1;
    stack.push(file);
    onStack.add(file);
    for (const target of edges.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) {
        low.set(file, Math.min(low.get(file)!, index.get(target)!));
      }
    }
    if (low.get(file) === index.get(file)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== file);
      if (group.length > 1 || (edges.get(file) ?? []).includes(file)) cycles.push(group.sort());
    }
  };
  for (const node of edges.keys()) if (!index.has(node)) visit(node);
  return cycles;
}
