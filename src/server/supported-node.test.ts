import { readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

// README promises the oldest Node.js in package.json's engines field. A package in the lock file
// that wants a newer one makes `npm ci` print engine warnings there, and may break at run time.
const readJson = (file: string): unknown => JSON.parse(readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8'));

const packageJson = z.object({ engines: z.object({ node: z.string() }) });
const lockFile = z.object({
  packages: z.record(
    z.string(),
    z.object({ engines: z.union([z.object({ node: z.string().optional() }), z.array(z.string())]).optional() }),
  ),
});

describe('supported Node.js', () => {
  it('every package in the lock file runs on the oldest Node.js the README promises', () => {
    const oldestNode = semver.minVersion(packageJson.parse(readJson('package.json')).engines.node);
    expect(oldestNode?.version).toBe('20.19.0');
    const lock = lockFile.parse(readJson('package-lock.json'));
    const wantNewer = Object.entries(lock.packages).flatMap(([path, entry]) => {
      const range = !entry.engines || Array.isArray(entry.engines) ? undefined : entry.engines.node;
      return range && oldestNode && !semver.satisfies(oldestNode, range) ? [`${path} wants node ${range}`] : [];
    });
    expect(wantNewer).toEqual([]);
  });
});
