import path from 'node:path';
import { build } from 'esbuild';

/**
 * The server bundle exactly as `npm run build:server` makes it, built from the source as it is
 * now and written under node_modules/.cache (never dist/), from where it still resolves its
 * packages: what the tests and the benchmarks start as a process of its own. Starting the bundle
 * takes about a second; starting the source through tsx took several of CPU per process.
 */
export async function buildServerBundle(packageRoot: string, purpose: 'test' | 'bench'): Promise<string> {
  const outfile = serverBundlePath(packageRoot, purpose);
  await build({
    entryPoints: [path.join(packageRoot, 'src/server/main.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    outfile,
    logLevel: 'warning',
  });
  return outfile;
}

export function serverBundlePath(packageRoot: string, purpose: 'test' | 'bench'): string {
  return path.join(packageRoot, `node_modules/.cache/chaska-${purpose}/server/main.js`);
}
