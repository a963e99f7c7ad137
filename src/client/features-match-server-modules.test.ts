import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const clientRoot = path.dirname(fileURLToPath(import.meta.url));

function foldersIn(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

// Decision 036: one name per domain on both sides, so a domain's client code is found by its server name,
// and every domain has both.
describe('client features and server modules', () => {
  const serverModules = foldersIn(path.join(clientRoot, '..', 'server', 'modules'));
  const features = foldersIn(path.join(clientRoot, 'features'));

  it('are the same domains under the same names', () => {
    expect(features).toEqual(serverModules);
  });

  it.each(features)(
    'features/%s keeps screens only in components/, components/vendor/ or components/admin/',
    (feature) => {
      const components = path.join(clientRoot, 'features', feature, 'components');
      const subfolders = readdirSync(path.join(clientRoot, 'features', feature)).includes('components')
        ? foldersIn(components)
        : [];
      expect(subfolders.filter((folder) => folder !== 'vendor' && folder !== 'admin')).toEqual([]);
    },
  );
});
