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

/** The string literals among the arguments of each useDocumentTitle(...) call (the tab title, read aloud first). */
function literalTabTitlesIn(code: string): string[] {
  return [...code.matchAll(/useDocumentTitle\(([^;]*?)\);/g)].flatMap((call) =>
    [...call[1]!.matchAll(/(["'`])((?:(?!\1)[^\\\n]|\\.)*)\1/g)]
      .filter((literal) => !isInsideT(call[1]!, literal.index!))
      .map((literal) => literal[2]!),
  );
}

/** Whether the text at `index` is an argument of a t(...) call (a catalogue key, not a title). */
function isInsideT(args: string, index: number): boolean {
  let depth = 0;
  for (let at = index - 1; at >= 0; at -= 1) {
    if (args[at] === ')') depth += 1;
    else if (args[at] === '(') {
      if (depth === 0) return /\bt\s*$/.test(args.slice(0, at));
      depth -= 1;
    }
  }
  return false;
}

describe('every text of the client from the catalogue', () => {
  const eslint = new ESLint({ cwd: ROOT, overrideConfigFile: true, overrideConfig: [literalTextsConfig] });

  it('has no literal JSX text or user-facing attribute in any client file', async () => {
    const results = await eslint.lintFiles(['src/client/**/*.tsx']);
    const literals = results.flatMap((result) =>
      result.messages.map((message) => `${relative(ROOT, result.filePath)}:${message.line} ${message.message}`),
    );
    expect(literals).toEqual([]);
  }, 60_000);

  it('names no tab title with a literal: useDocumentTitle takes a catalogue text', () => {
    const offenders = clientFiles(CLIENT).flatMap((file) =>
      literalTabTitlesIn(readFileSync(file, 'utf8')).map((title) => `${relative(ROOT, file)}: ${title}`),
    );
    expect(offenders).toEqual([]);
    expect(literalTabTitlesIn(`useDocumentTitle('My Dashboard'); useDocumentTitle(t('customer:pageTitle'));`)).toEqual([
      'My Dashboard',
    ]);
    expect(literalTabTitlesIn('useDocumentTitle(open ? "Sign up" : `Sign in`);')).toEqual(['Sign up', 'Sign in']);
  });

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
