import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ROUTE_TABLE, screenPaths, type RouteEntry, type ScreenRef } from './route-table';

const clientRoot = path.dirname(fileURLToPath(import.meta.url));

function allScreens(entries: RouteEntry[]): ScreenRef[] {
  return entries.flatMap((entry) => [...(entry.screen ? [entry.screen] : []), ...allScreens(entry.children ?? [])]);
}

describe('route table', () => {
  it.each(allScreens(ROUTE_TABLE).map((screen) => [screen.module, screen.name]))('%s exports %s', (module, name) => {
    // The router's import.meta.glob only loads these folders.
    expect(module).toMatch(/^(features\/[^/]+\/components\/[^/]+-page\.tsx|app\/layouts\/(admin|vendor)-layout\.tsx)$/);
    const file = path.join(clientRoot, module);
    expect(existsSync(file)).toBe(true);
    expect(readFileSync(file, 'utf8')).toMatch(new RegExp(`export (function|const) ${name}\\b`));
  });

  it('lists each address with its screens, outermost first', () => {
    const paths = screenPaths();
    expect(paths.find((entry) => entry.pattern === '/auth')?.screens.map((screen) => screen.name)).toEqual([
      'AuthPage',
    ]);
    expect(paths.find((entry) => entry.pattern === '/vendor/cards')?.screens.map((screen) => screen.name)).toEqual([
      'VendorLayout',
      'VendorCardsPage',
    ]);
    expect(paths.find((entry) => entry.pattern === '/vendors/:slug')).toBeDefined();
    expect(paths.some((entry) => entry.pattern.includes('*') || entry.pattern === '/')).toBe(false);
  });
});
