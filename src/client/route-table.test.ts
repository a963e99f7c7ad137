import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isAreaScreen, ROUTE_TABLE, screenPaths, type RouteEntry, type ScreenRef } from './route-table';

const clientRoot = path.dirname(fileURLToPath(import.meta.url));

function allScreens(entries: RouteEntry[]): ScreenRef[] {
  return entries.flatMap((entry) => [...(entry.screen ? [entry.screen] : []), ...allScreens(entry.children ?? [])]);
}

describe('route table', () => {
  it.each(allScreens(ROUTE_TABLE).map((screen) => [screen.module, screen.name]))('%s exports %s', (module, name) => {
    // The router's import.meta.glob only loads these folders.
    expect(module).toMatch(
      /^(features\/[^/]+\/components\/((vendor|admin)\/)?[^/]+-page\.tsx|app\/layouts\/(admin|vendor)-layout\.tsx)$/,
    );
    const file = path.join(clientRoot, module);
    expect(existsSync(file)).toBe(true);
    expect(readFileSync(file, 'utf8')).toMatch(new RegExp(`export (function|const) ${name}\\b`));
  });

  it("puts the vendor and admin areas' screens in their audience folders, and no other screen there", () => {
    // Decision 036: components/vendor/ and components/admin/ hold what only those lazy areas show.
    for (const { pattern, screens } of screenPaths()) {
      const screen = screens[screens.length - 1]!.module;
      const area = /^\/(vendor|admin)(\/|$)/.exec(pattern)?.[1] ?? (pattern === '/admin-vendors' ? 'admin' : undefined);
      const folder = /^features\/[^/]+\/components\/(vendor|admin)\//.exec(screen)?.[1];
      if (screen.startsWith('app/layouts/')) continue;
      expect(`${pattern} ${folder ?? 'components/'}`).toBe(`${pattern} ${area ?? 'components/'}`);
    }
  });

  it("loads the vendor and admin areas' screens and frames through the areas' own chunk, and no public screen", () => {
    // Decision 057: their loaders are in area-screens.ts, not in the entry.
    const routed = allScreens(ROUTE_TABLE).map((screen) => screen.module);
    expect(routed.filter(isAreaScreen)).toContain('app/layouts/vendor-layout.tsx');
    expect(routed.filter(isAreaScreen)).toContain('features/vendors/components/admin/admin-vendors-page.tsx');
    for (const module of routed) {
      const inArea = /^features\/[^/]+\/components\/(vendor|admin)\/|^app\/layouts\/(admin|vendor)-layout/.test(module);
      expect(`${module} ${isAreaScreen(module)}`).toBe(`${module} ${inArea}`);
    }
    expect(isAreaScreen('features/accounts/components/auth-page.tsx')).toBe(false);
    expect(isAreaScreen('features/marketplace/components/vendor-clubs-page.tsx')).toBe(false);
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
