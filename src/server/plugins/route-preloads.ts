import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Written by the client build (scripts/route-preloads-plugin.ts) beside its manifest; not served. */
export const ROUTE_PRELOADS_FILE = path.join('.vite', 'route-preloads.json');

/** An address pattern of the client router (e.g. /vendors/:slug) and the script files its screens need. */
export interface RoutePreload {
  pattern: string;
  files: string[];
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

/**
 * `<link rel="modulepreload">` tags for the screen chunks of an address, so the browser fetches
 * them alongside the entry script instead of after it has run. Unknown addresses get none.
 */
export function createRoutePreloads(preloads: RoutePreload[]): (pathname: string) => string {
  const ranked = preloads.map((preload) => ({ ...preload, parts: segments(preload.pattern) })).sort(byStaticSegments);
  return (pathname) => {
    const wanted = segments(pathname);
    const found = ranked.find((preload) => matches(preload.parts, wanted));
    return (found?.files ?? [])
      .map((file) => `\n    <link rel="modulepreload" crossorigin fetchpriority="low" href="${file}" />`)
      .join('');
  };
}

/** The build's preload list, or none when the build has no such file. */
export function readRoutePreloads(clientFolder: string): RoutePreload[] {
  const file = path.join(clientFolder, ROUTE_PRELOADS_FILE);
  if (!existsSync(file)) return [];
  return JSON.parse(readFileSync(file, 'utf8')) as RoutePreload[];
}
