/**
 * The vendor and admin areas' screens (decision 036's audience folders) and their frames, one
 * loader each: a chunk of its own, fetched on the first visit to an area, so the entry every
 * visitor downloads does not carry their loaders and the lists of chunks each one needs
 * (decision 057). router.tsx sends the modules that isAreaScreen (route-table.ts) names here.
 */
export const areaScreenModules = import.meta.glob<Record<string, unknown>>([
  './features/*/components/{vendor,admin}/*-page.tsx',
  './app/layouts/{admin,vendor}-layout.tsx',
]);
