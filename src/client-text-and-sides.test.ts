import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { literalTextsConfig } from '../scripts/literal-texts-rule.js';

const ROOT = join(import.meta.dirname, '..');
const CLIENT = join(ROOT, 'src', 'client');

function clientFiles(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const path = join(directory, name);
    if (statSync(path).isDirectory()) return clientFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/**
 * Physical sides do not mirror in Urdu (dir="rtl"): margins, paddings, insets, borders, corners
 * and text alignment use the logical utilities (ms-/me-, ps-/pe-, start-/end-, border-s/-e,
 * rounded-s/-e, text-start/-end) instead. Variants (sm:, hover:, !, -) are looked through.
 */
const PHYSICAL =
  /^((m[lr]|p[lr]|left|right|scroll-[mp][lr])-|(border-[lr]|rounded-[lr]|rounded-[tb][lr])(-|$)|(text|float|clear)-(left|right)$)/;

function physicalClassesIn(code: string): string[] {
  const strings = [...code.matchAll(/(["'`])((?:(?!\1)[^\\\n]|\\.)*)\1/g)].map((match) => match[2]!);
  return strings.flatMap((text) =>
    text
      .split(/\s+/)
      .map((token) => token.slice(token.lastIndexOf(':') + 1).replace(/^[!-]+/, ''))
      .filter((token) => PHYSICAL.test(token)),
  );
}

describe('client code that mirrors in Urdu', () => {
  it('uses no physical left/right Tailwind class', () => {
    const offenders = clientFiles(CLIENT).flatMap((file) =>
      physicalClassesIn(readFileSync(file, 'utf8')).map((token) => `${relative(ROOT, file)}: ${token}`),
    );
    expect(offenders).toEqual([]);
  });

  it('recognises a physical class behind a variant', () => {
    expect(physicalClassesIn(`className="sm:ml-4 -mr-2 text-right !pl-3 ms-2 right-0"`)).toEqual([
      'ml-4',
      'mr-2',
      'text-right',
      'pl-3',
      'right-0',
    ]);
    expect(physicalClassesIn(`className="ms-4 pe-2 text-end start-0 rounded-s-lg border-e"`)).toEqual([]);
  });
});

describe('every text of the client from the catalogue', () => {
  const eslint = new ESLint({ cwd: ROOT, overrideConfigFile: true, overrideConfig: [literalTextsConfig] });

  it('has no literal JSX text or user-facing attribute in any client file', async () => {
    const results = await eslint.lintFiles(['src/client/**/*.tsx']);
    const literals = results.flatMap((result) =>
      result.messages.map((message) => `${relative(ROOT, result.filePath)}:${message.line} ${message.message}`),
    );
    expect(literals).toEqual([]);
  }, 60_000);

  it('would refuse a literal text, aria-label or placeholder', async () => {
    const [result] = await eslint.lintText(
      `export function Example({ name }: { name: string }) {
        return <div aria-label="Close"><input placeholder="Name" />Hello {name}</div>;
      }`,
      { filePath: join(CLIENT, 'features', 'example', 'components', 'a.tsx') },
    );
    expect(result?.messages.map((message) => message.message)).toEqual([
      expect.stringContaining('aria-label="Close"'),
      expect.stringContaining('placeholder="Name"'),
      expect.stringContaining('Hello'),
    ]);
  });
});
