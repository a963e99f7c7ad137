import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Language } from '@shared/i18n/languages';

/** Written by the client build (scripts/route-preloads-plugin.ts) beside its manifest; not served. */
export const ROUTE_PRELOADS_FILE = path.join('.vite', 'route-preloads.json');

/** An address pattern of the client router (e.g. /vendors/:slug) and the script files its screens need. */
export interface RoutePreload {
  pattern: string;
  files: string[];
  /** The Urdu catalogue chunks of the namespaces its screens bring, fetched only when the page is in Urdu. */
  urduFiles?: string[];
}

/**
 * What an Urdu page needs before its first words show, whatever the address (decision 050): the
 * Urdu chunk and the start namespaces' Urdu texts (the page waits for them instead of showing
 * English), the chunk's style sheet, and the regular Nastaliq font.
 */
export interface UrduStart {
  font: string;
  styles: string[];
  scripts: string[];
}

export interface BuildPreloads {
  routes: RoutePreload[];
  urdu: UrduStart | null;
}

function segments(pathname: string): string[] {
  return pathname.split('/').filter(Boolean);
}

function matches(pattern: string[], pathname: string[]): boolean {
  return (
    pattern.length === pathname.length &&
    pattern.every((part, index) => part.startsWith(':') || part === pathname[index])
  );
}

/** Fewer parameters first, so /user/qr wins over a /user/:id, as the client router ranks them. */
function byStaticSegments(a: RoutePreload, b: RoutePreload): number {
  const params = (preload: RoutePreload) => segments(preload.pattern).filter((part) => part.startsWith(':')).length;
  return params(a) - params(b);
}

function modulePreload(file: string, priority: 'low' | 'auto'): string {
  const fetchPriority = priority === 'low' ? ' fetchpriority="low"' : '';
  return `\n    <link rel="modulepreload" crossorigin${fetchPriority} href="${file}" />`;
}

function styleSheet(file: string): string {
  return `\n    <link rel="stylesheet" crossorigin href="${file}" />`;
}

/**
 * What a page the browser draws needs in its head: the screens' chunks, so the browser fetches
 * them alongside the entry script instead of after it has run, and on an Urdu page the Urdu start
 * (decision 050). The page shows nothing until the Urdu texts are in, so they and the font come at
 * normal priority; the font preload carries `crossorigin` because fonts are always fetched in CORS
 * mode (without it the browser would fetch the file twice).
 */
export interface BrowserDrawnStart {
  head: string;
}

/**
 * What a page the server drew needs (decision 053): it is readable before any code, so its head
 * holds only what the first paint uses, the Urdu style sheet with the fallback faces sized to
 * Nastaliq (decision 050), and every module comes after the first paint (decision 074). No font
 * preload: Nastaliq's faces are made by the Urdu chunk once the page is drawn (decisions 064, 072).
 */
export interface ServerDrawnStart {
  head: string;
  modules: string[];
}

export interface RoutePreloads {
  browserDrawn(pathname: string, language: Language): BrowserDrawnStart;
  serverDrawn(pathname: string, language: Language): ServerDrawnStart;
}

/**
 * The start of each address: its screens' chunks, unknown addresses none. An Urdu page also gets
 * the Urdu start and its screens' Urdu texts; an English page gets nothing of Urdu's, so the Urdu
 * font and texts cost English visitors not a byte.
 */
export function createRoutePreloads(preloads: BuildPreloads): RoutePreloads {
  const ranked = preloads.routes
    .map((preload) => ({ ...preload, parts: segments(preload.pattern) }))
    .sort(byStaticSegments);
  const urdu = preloads.urdu;
  const routeOf = (pathname: string) => {
    const wanted = segments(pathname);
    return ranked.find((preload) => matches(preload.parts, wanted));
  };
  return {
    browserDrawn(pathname, language) {
      const found = routeOf(pathname);
      const screens = (found?.files ?? []).map((file) => modulePreload(file, 'low')).join('');
      if (language !== 'ur' || !urdu) return { head: screens };
      const start = [
        `\n    <link rel="preload" as="font" type="font/woff2" crossorigin href="${urdu.font}" />`,
        ...urdu.styles.map(styleSheet),
        ...urdu.scripts.map((file) => modulePreload(file, 'auto')),
      ].join('');
      return { head: start + screens + (found?.urduFiles ?? []).map((file) => modulePreload(file, 'low')).join('') };
    },
    serverDrawn(pathname, language) {
      const found = routeOf(pathname);
      const screens = found?.files ?? [];
      if (language !== 'ur' || !urdu) return { head: '', modules: screens };
      return {
        head: urdu.styles.map(styleSheet).join(''),
        modules: [...urdu.scripts, ...screens, ...(found?.urduFiles ?? [])],
      };
    },
  };
}

/** The build's preload lists, or none when the build has no such file. */
export function readRoutePreloads(clientFolder: string): BuildPreloads {
  const file = path.join(clientFolder, ROUTE_PRELOADS_FILE);
  if (!existsSync(file)) return { routes: [], urdu: null };
  return JSON.parse(readFileSync(file, 'utf8')) as BuildPreloads;
}
