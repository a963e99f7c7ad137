import type { ComponentType } from 'react';
import { matchRoutes, useLocation, useRoutes, type RouteObject } from 'react-router';
import { lazyScreen, type LazyScreen } from './app/lazy-screen';
import { NotFoundPage } from './app/not-found-page';
import { PublicLayout } from './app/layouts/public-layout';
import { RootLayout } from './app/layouts/root-layout';
import { LandingPage } from './features/marketplace/components/landing-page';
import { isAreaScreen, ROUTE_TABLE, type EntryComponent, type RouteEntry, type ScreenRef } from './route-table';

/** One loader per public screen module, each its own chunk; route-table.ts names which ones are routes. */
const screenModules = import.meta.glob<Record<string, unknown>>([
  './features/*/components/*-page.tsx',
  // The landing page is in the entry chunk (ENTRY_COMPONENTS), so it is not a lazy screen.
  '!./features/marketplace/components/landing-page.tsx',
]);

/** A vendor or admin screen: its loader comes from the areas' own chunk first (isAreaScreen). */
function areaScreenLoader(module: string): () => Promise<Record<string, unknown>> {
  return () =>
    import('./area-screens').then(({ areaScreenModules }) => {
      const load = areaScreenModules[`./${module}`];
      if (!load) throw new Error(`${module} is not an area screen module (see import.meta.glob in area-screens.ts)`);
      return load();
    });
}

const ENTRY_COMPONENTS: Record<EntryComponent, ComponentType> = { RootLayout, PublicLayout, LandingPage, NotFoundPage };

const lazyScreens = new Map<string, LazyScreen>();

/** The same screen used by two routes (the admin frame) is one lazy component. */
function lazyScreenFor({ module, name }: ScreenRef): LazyScreen {
  const key = `${module}#${name}`;
  const known = lazyScreens.get(key);
  if (known) return known;
  const load = isAreaScreen(module) ? areaScreenLoader(module) : screenModules[`./${module}`];
  if (!load) throw new Error(`${module} is not a screen module (see import.meta.glob in router.tsx)`);
  const created = lazyScreen(load, name);
  lazyScreens.set(key, created);
  return created;
}

const screenOfRoute = new WeakMap<RouteObject, LazyScreen>();

function toRouteObject({ path, index, screen, entry, children }: RouteEntry): RouteObject {
  const lazy = screen ? lazyScreenFor(screen) : undefined;
  const Shown = lazy?.Component ?? (entry ? ENTRY_COMPONENTS[entry] : undefined);
  const element = Shown ? <Shown /> : undefined;
  const route: RouteObject = index
    ? { index: true, element }
    : { path, element, children: children?.map(toRouteObject) };
  if (lazy) screenOfRoute.set(route, lazy);
  return route;
}

export const routes: RouteObject[] = ROUTE_TABLE.map(toRouteObject);

/** Fetches the screens' chunks of an address (the server-rendered page waits for them before hydrating). */
export function preloadScreensOf(location: { pathname: string }): Promise<unknown> {
  return Promise.all((matchRoutes(routes, location) ?? []).map((match) => screenOfRoute.get(match.route)?.preload()));
}

/**
 * The screen for the current address. Every matched screen's chunk (an area's frame and its page)
 * is requested at once rather than one after the other as each renders.
 */
export function AppRoutes() {
  const location = useLocation();
  for (const match of matchRoutes(routes, location) ?? []) {
    screenOfRoute
      .get(match.route)
      ?.preload()
      .catch(() => undefined);
  }
  // Without a location argument: given one, the router tells the screens every navigation was a
  // "POP", and the scroll handling could no longer tell a filter's replace from back and forward.
  return useRoutes(routes);
}
