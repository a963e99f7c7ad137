import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  CODE_ELEMENT_ID,
  CODE_LOADER,
  CODE_LOADER_SCRIPT_SOURCE,
  codeAfterPaintTags,
  separateCode,
} from './code-after-paint';

/** The head the client build writes (Vite), with its entry, one preload and the style sheet. */
const BUILT_PAGE = `<!doctype html>
<html lang="en">
  <head>
    <!--app-head-->
    <script type="module" crossorigin src="/assets/index-a1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/rolldown-runtime-b2.js">
    <link rel="stylesheet" crossorigin href="/assets/index-c3.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

describe('separateCode', () => {
  it('takes the entry and its preloads out of the built page and keeps the style sheet', () => {
    const separated = separateCode(BUILT_PAGE);
    expect(separated?.code).toEqual({ entry: '/assets/index-a1.js', modules: ['/assets/rolldown-runtime-b2.js'] });
    expect(separated?.withoutCode).not.toContain('<script');
    expect(separated?.withoutCode).not.toContain('modulepreload');
    expect(separated?.withoutCode).toContain('<link rel="stylesheet" crossorigin href="/assets/index-c3.css">');
    expect(separated?.withoutCode).toContain('<div id="root"></div>');
  });

  it('finds no code in a page without exactly one entry script', () => {
    expect(separateCode('<html><head></head><body></body></html>')).toBeNull();
    const twoEntries = BUILT_PAGE.replace(
      '</head>',
      '<script type="module" crossorigin src="/assets/other-d4.js"></script></head>',
    );
    expect(separateCode(twoEntries)).toBeNull();
  });
});

describe('codeAfterPaintTags', () => {
  it('names the code in JSON that no file name can close the element with, then the loader', () => {
    const tags = codeAfterPaintTags({ entry: '/assets/index-a1.js', modules: ['/assets/</script>.js'] });
    expect(tags).toContain(`<script type="application/json" id="${CODE_ELEMENT_ID}">`);
    expect(tags).not.toContain('</script>.js');
    const json = /<script type="application\/json"[^>]*>(.*?)<\/script>/.exec(tags)?.[1] ?? '';
    expect(JSON.parse(json)).toEqual({ entry: '/assets/index-a1.js', modules: ['/assets/</script>.js'] });
    expect(tags).toContain(`<script>${CODE_LOADER}</script>`);
  });

  it('is allowed by the hash the Content-Security-Policy names, and would not be if it changed', () => {
    const inline = /<script>([\s\S]*?)<\/script>/.exec(codeAfterPaintTags({ entry: '/a.js', modules: [] }))?.[1];
    const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
    expect(hash(inline ?? '')).toBe(CODE_LOADER_SCRIPT_SOURCE);
    expect(hash(`${inline ?? ''} `)).not.toBe(CODE_LOADER_SCRIPT_SOURCE);
  });
});
