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

/**
 * The Urdu page's start. A page the browser renders shows nothing until these texts are in, so
 * they and the font come at normal priority; the font preload carries `crossorigin` because fonts
 * are always fetched in CORS mode (without it the browser would fetch the file twice).
 *
 * A page the server drew (decision 053) is readable before any of it: its text shows in the
 * fallback face sized to Nastaliq (decision 050), so neither the 116 kB font nor the texts may
 * share the thin connection with the style sheets its first paint waits for. The Urdu style sheet
 * in its head holds only the fallback faces; Nastaliq's faces, which fetch the font, are made by
 * the Urdu chunk after the first paint (decisions 064 and 072); the texts come at low priority.
 */
function urduStartTags(start: UrduStart, drawn: boolean): string {
  return [
    drawn ? '' : `\n    <link rel="preload" as="font" type="font/woff2" crossorigin href="${start.font}" />`,
    // Applied, not only fetched: the first paint draws Urdu in the fallback faces sized to Nastaliq,
    // which this sheet holds. The chunk loader finds it already there and does not add it again.
    ...start.styles.map((file) => `\n    <link rel="stylesheet" crossorigin href="${file}" />`),
    ...start.scripts.map((file) => modulePreload(file, drawn ? 'low' : 'auto')),
  ].join('');
}

/**
 * `<link rel="modulepreload">` tags for the screen chunks of an address, so the browser fetches
 * them alongside the entry script instead of after it has run. Unknown addresses get none. An
 * Urdu page also gets the Urdu start and its screens' Urdu texts; an English page gets nothing of
 * Urdu's, so the Urdu font and texts cost English visitors not a byte.
 */
export function createRoutePreloads(
  preloads: BuildPreloads,
): (pathname: string, language: Language, drawn?: boolean) => string {
  const ranked = preloads.routes
    .map((preload) => ({ ...preload, parts: segments(preload.pattern) }))
    .sort(byStaticSegments);
  const urdu = preloads.urdu;
  const urduStart = { drawn: urdu ? urduStartTags(urdu, true) : '', browser: urdu ? urduStartTags(urdu, false) : '' };
  return (pathname, language, drawn = false) => {
    const wanted = segments(pathname);
    const found = ranked.find((preload) => matches(preload.parts, wanted));
    const screens = (found?.files ?? []).map((file) => modulePreload(file, 'low')).join('');
    if (language !== 'ur') return screens;
    return (
      (drawn ? urduStart.drawn : urduStart.browser) +
      screens +
      (found?.urduFiles ?? []).map((file) => modulePreload(file, 'low')).join('')
    );
  };
}

/** The build's preload lists, or none when the build has no such file. */
export function readRoutePreloads(clientFolder: string): BuildPreloads {
  const file = path.join(clientFolder, ROUTE_PRELOADS_FILE);
  if (!existsSync(file)) return { routes: [], urdu: null };
  return JSON.parse(readFileSync(file, 'utf8')) as BuildPreloads;
}
