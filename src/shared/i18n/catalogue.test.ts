import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EN_CATALOGUE, NAMESPACES } from './catalogue';

const SRC = join(import.meta.dirname, '..', '..');
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

function sourceFiles(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const path = join(directory, name);
    if (statSync(path).isDirectory()) return name === 'i18n' && directory.endsWith('shared') ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Every full key ("landing:hero.headline") written in code: t('…'), i18nKey="…", labelKey: '…', or a ternary of keys. */
function keysUsedIn(code: string): string[] {
  const namespaces = NAMESPACES.join('|');
  return [...code.matchAll(new RegExp(`['"\`]((?:${namespaces}):[A-Za-z0-9_.-]+)['"\`]`, 'g'))].map(
    (match) => match[1]!,
  );
}

const files = sourceFiles(join(SRC, 'client')).concat(
  sourceFiles(join(SRC, 'server')),
  sourceFiles(join(SRC, 'shared')),
);
const used = new Map<string, string>();
for (const file of files) for (const key of keysUsedIn(readFileSync(file, 'utf8'))) used.set(key, relative(SRC, file));

const catalogueKeys = NAMESPACES.flatMap((namespace) =>
  Object.keys(EN_CATALOGUE[namespace]).map((key) => `${namespace}:${key}`),
);
const catalogueBaseKeys = new Set(catalogueKeys.map((key) => key.replace(PLURAL_SUFFIX, '')));

describe('the message catalogue and the code', () => {
  it('has every key the code uses', () => {
    const missing = [...used].filter(([key]) => !catalogueBaseKeys.has(key)).map(([key, file]) => `${key} (${file})`);
    expect(missing).toEqual([]);
  });

  it('has no key the code does not use (a plural form counts as its base key)', () => {
    const unused = catalogueKeys.filter((key) => !used.has(key.replace(PLURAL_SUFFIX, '')));
    expect(unused).toEqual([]);
  });

  it('gives every plural an "one" and an "other" form', () => {
    const plurals = catalogueKeys.filter((key) => PLURAL_SUFFIX.test(key)).map((key) => key.replace(PLURAL_SUFFIX, ''));
    for (const base of new Set(plurals)) {
      expect(catalogueKeys).toContain(`${base}_one`);
      expect(catalogueKeys).toContain(`${base}_other`);
    }
  });

  it('has a screen that loads each namespace it uses in the browser (useTranslation or the entry catalogue)', () => {
    const entryNamespaces = new Set(['common', 'landing']);
    const problems: string[] = [];
    for (const file of sourceFiles(join(SRC, 'client'))) {
      const code = readFileSync(file, 'utf8');
      // A module given its translator by the screen that calls it (a `Translate` parameter) uses the screen's namespaces.
      if (/\bTranslate\b/.test(code) && !code.includes('useTranslation(')) continue;
      const namespaces = new Set(keysUsedIn(code).map((key) => key.split(':')[0]!));
      for (const namespace of namespaces) {
        const loaded = new RegExp(`useTranslation\\((\\[[^\\]]*)?'${namespace}'`).test(code);
        if (!entryNamespaces.has(namespace) && !loaded)
          problems.push(`${relative(SRC, file)} uses ${namespace} without useTranslation('${namespace}')`);
      }
    }
    expect(problems).toEqual([]);
  });
});
