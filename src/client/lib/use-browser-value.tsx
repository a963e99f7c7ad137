import { useSyncExternalStore } from 'react';

function neverChanges(): () => void {
  return () => undefined;
}

/**
 * A value only the browser knows (its own address, whether it has a share sheet). A page the server
 * rendered (decision 053) is hydrated with `onServer`, as the server wrote it, and re-rendered with
 * the browser's value right after; a page the browser renders itself reads it at once. `read` must
 * return the same value each time (a string or a flag), or React renders again and again.
 */
export function useBrowserValue<T>(read: () => T, onServer: T): T {
  return useSyncExternalStore(neverChanges, read, () => onServer);
}

/**
 * Whether React handles this screen's events yet: false while a server-rendered page waits for its
 * script and is hydrated, true from the render after. What a tap would do natively before then
 * (submit a form as a GET, with its fields in the address) is held back with it.
 */
export function useInteractive(): boolean {
  return useBrowserValue(() => true, false);
}
