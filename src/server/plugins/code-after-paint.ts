import { createHash } from 'node:crypto';
import { scriptJson } from './script-json';

/** Where the page names its code for the loader. */
export const CODE_ELEMENT_ID = 'chaska-code';

/** When the code is asked for even without a painted frame. */
const LATEST_START_MS = 3000;

/**
 * A page the server drew is read before any of its code runs (decision 053), so the code is asked
 * for only once the page has painted (decision 074): on a thin connection the style sheet the
 * first paint waits for has the line to itself, and on a slow phone the first layout does not
 * share the main thread with scripts arriving. The page names its code in a JSON element; this
 * script, inline at the end of the body, adds the entry and the module preloads after the first
 * frame. A page the browser draws needs its code at once and keeps the built tags in its head.
 */
export const CODE_LOADER = `(function () {
  var started = false;
  function start() {
    if (started) return;
    started = true;
    var code = JSON.parse(document.getElementById('${CODE_ELEMENT_ID}').textContent);
    var entry = document.createElement('script');
    entry.type = 'module';
    entry.crossOrigin = '';
    entry.src = code.entry;
    document.head.appendChild(entry);
    code.modules.forEach(function (file) {
      var preload = document.createElement('link');
      preload.rel = 'modulepreload';
      preload.crossOrigin = '';
      preload.href = file;
      document.head.appendChild(preload);
    });
  }
  // A task queued from the first frame's callback runs once that frame is painted.
  if (document.visibilityState === 'visible') {
    requestAnimationFrame(function () {
      setTimeout(start, 0);
    });
  } else {
    start();
  }
  // A tab hidden while it loads draws no frame, nor does a style sheet that never comes.
  setTimeout(start, ${LATEST_START_MS});
})();`;

/** The Content-Security-Policy source that lets CODE_LOADER, and no other inline script, run. */
export const CODE_LOADER_SCRIPT_SOURCE = `'sha256-${createHash('sha256').update(CODE_LOADER).digest('base64')}'`;

/** The code of a page: its entry module, and the modules to fetch beside it. */
export interface PageCode {
  entry: string;
  modules: string[];
}

const ENTRY_SCRIPT = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/g;
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/**
 * The built page (index.html) without its code tags, and the code they named, for the pages the
 * server draws. Null when the page has no entry script (a build without one, in some tests).
 */
export function separateCode(template: string): { withoutCode: string; code: PageCode } | null {
  const entries = [...template.matchAll(ENTRY_SCRIPT)].map((match) => match[1] ?? '');
  const [entry] = entries;
  if (entry === undefined || entries.length !== 1) return null;
  const modules = [...template.matchAll(MODULE_PRELOAD)].map((match) => match[1] ?? '');
  return {
    withoutCode: template.replace(ENTRY_SCRIPT, '').replace(MODULE_PRELOAD, ''),
    code: { entry, modules },
  };
}

/** The page's code list and its loader, for the end of the body of a page the server drew. */
export function codeAfterPaintTags(code: PageCode): string {
  return (
    `\n    <script type="application/json" id="${CODE_ELEMENT_ID}">${scriptJson(code)}</script>` +
    `\n    <script>${CODE_LOADER}</script>`
  );
}
