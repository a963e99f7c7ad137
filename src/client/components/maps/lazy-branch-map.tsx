import { lazy, Suspense, useSyncExternalStore } from 'react';
import type { BranchMapProps } from './branch-map';

const BranchMap = lazy(() => import('./branch-map'));
const noChanges = () => () => {};

/**
 * The branch map, downloaded when a page shows it and drawn only in the browser (a server-drawn
 * page has no map until its code runs): Leaflet needs the window, and no first download carries it.
 */
export function LazyBranchMap(props: BranchMapProps) {
  // False while the server draws and while the browser hydrates that drawing, true after.
  const inBrowser = useSyncExternalStore(
    noChanges,
    () => true,
    () => false,
  );
  const placeholder = <div aria-hidden="true" className="h-64 w-full rounded-2xl bg-stone-100 sm:h-80" />;
  if (!inBrowser) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <BranchMap {...props} />
    </Suspense>
  );
}
