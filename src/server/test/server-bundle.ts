import path from 'node:path';
import { build, type Plugin } from 'esbuild';

/**
 * The server bundle exactly as `npm run build:server` makes it, built from the source as it is
 * now and written under node_modules/.cache (never dist/), from where it still resolves its
 * packages: what the tests and the benchmarks start as a process of its own. Starting the bundle
 * takes about a second; starting the source through tsx took several of CPU per process.
 */
export async function buildServerBundle(
  packageRoot: string,
  purpose: BundlePurpose,
  plugins: Plugin[] = [],
): Promise<string> {
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
    plugins,
    logLevel: 'warning',
  });
  return outfile;
}

/** What a bundle is for; the bench's campaign run has its own, whose clock it sets (bench/runner/start-app.ts). */
export type BundlePurpose = 'test' | 'bench' | 'bench-clock';

export function serverBundlePath(packageRoot: string, purpose: BundlePurpose): string {
  return path.join(packageRoot, `node_modules/.cache/chaska-${purpose}/server/main.js`);
}
