import { createContext, startTransition, useContext, useEffect, useState, type ReactNode } from 'react';

/**
 * Whether the tree may show what only the browser knows. False in the server's rendering and
 * through hydration, so the browser's first render writes what the server wrote; true in a page
 * the browser renders itself (the default).
 */
const BrowserValuesContext = createContext(true);

/**
 * Around the app: `fromServer` when React takes over markup the server wrote (decision 053). The
 * browser's values then arrive in one transition right after hydration, which React renders in
 * slices between the browser's own work, rather than in one synchronous re-render of every
 * component that read one (what a store's differing server snapshot forces).
 */
export function BrowserValuesProvider({ fromServer, children }: { fromServer: boolean; children: ReactNode }) {
  const [shown, setShown] = useState(!fromServer);
  useEffect(() => {
    if (!shown) startTransition(() => setShown(true));
  }, [shown]);
  return <BrowserValuesContext value={shown}>{children}</BrowserValuesContext>;
}

/** False while the markup is still the server's (the server's rendering, and hydration). */
export function useBrowserValuesShown(): boolean {
  return useContext(BrowserValuesContext);
}

/**
 * A value only the browser knows (its own address, whether it has a share sheet): `onServer` in the
 * server's rendering and through hydration, `read()` from the render after. `read` is called on
 * every render, so it must be cheap.
 */
export function useBrowserValue<T>(read: () => T, onServer: T): T {
  return useBrowserValuesShown() ? read() : onServer;
}

/**
 * Whether React handles this screen's events yet: false while a server-rendered page waits for its
 * script and is hydrated, true from the render after. What a tap would do natively before then
 * (submit a form as a GET, with its fields in the address) is held back with it.
 */
export function useInteractive(): boolean {
  return useBrowserValuesShown();
}
