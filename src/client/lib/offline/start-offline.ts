import type { Query, QueryClient } from '@tanstack/react-query';
import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import { persistQueryClient } from '@tanstack/query-persist-client-core';
import { registerSW } from 'virtual:pwa-register';
import type { Me } from '@shared/accounts/accounts';
import { OFFLINE_OWNER_KEY, OFFLINE_QUERY_CACHE_KEY, wipeOfflineData } from './offline-storage';
import { CUSTOMER_DASHBOARD_KEY } from '@client/lib/query-keys';
import { SESSION_QUERY_KEY } from '@client/lib/use-session';
import { listenForInstallPrompt } from './install-prompt';

/** A week without signal is the longest a copy is shown; older ones are dropped at start. */
const MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
/** Bumped when the shape of a kept answer changes, so an old copy is not read as a new one. */
const CACHE_VERSION = '1';

/** The answers kept for offline use: who is signed in, and the customer's cards, stamps and rewards. */
const KEPT_QUERIES: ReadonlyArray<readonly string[]> = [SESSION_QUERY_KEY, CUSTOMER_DASHBOARD_KEY, ['devices']];

function isKept(query: Query): boolean {
  return (
    query.state.status === 'success' &&
    KEPT_QUERIES.some((key) => key.every((part, index) => query.queryKey[index] === part))
  );
}

function signedInUserId(queryClient: QueryClient): string | null {
  return queryClient.getQueryData<Me>(SESSION_QUERY_KEY)?.user?.id ?? null;
}

/**
 * Started by the customer's screens (/user, My QR) through useOfflineSupport, from a chunk of its
 * own, so no first download grows: registers the service worker, keeps the install prompt for the "Install app" button, and
 * persists the customer's answers to localStorage so /user and My QR open without signal.
 * Paused writes (made offline) are kept too and sent when the signal returns.
 */
export function startOffline(queryClient: QueryClient): void {
  listenForInstallPrompt();
  if ('serviceWorker' in navigator) registerSW({ immediate: true });

  const persister = createAsyncStoragePersister({
    storage: keptStorage,
    key: OFFLINE_QUERY_CACHE_KEY,
    throttleTime: 1000,
  });
  // Online, the server already said who is signed in: a copy kept for someone else is dropped
  // unread. Offline, the copy is the last signed-in person's, who never signed out here.
  const known = queryClient.getQueryState(SESSION_QUERY_KEY)?.status === 'success';
  if (known && readOwner() !== signedInUserId(queryClient)) void wipeOfflineData();
  const [, restored] = persistQueryClient({
    queryClient,
    persister,
    maxAge: MAX_AGE_MS,
    buster: CACHE_VERSION,
    dehydrateOptions: {
      // Only a signed-in person's answers, marked as theirs; a signed-out browser keeps nothing.
      shouldDehydrateQuery: (query) => {
        const owner = signedInUserId(queryClient);
        if (owner === null || !isKept(query)) return false;
        writeOwner(owner);
        return true;
      },
      shouldDehydrateMutation: (mutation) => mutation.state.isPaused,
    },
  });
  // A restored answer keeps the time it was fetched, so one kept seconds before a reload counts as
  // fresh and would be shown without being asked for again (a card the vendor paused in between
  // would still offer its stamp step). Once the copy is in, the kept answers are asked for again;
  // offline, the asking waits for the signal. Not refreshAfterWrite: this follows no write, and a
  // fetch already under way is the screen's first, which its loading state waits on; cancelling it
  // (as refreshAfterWrite does) left /user on the restored copy in the card-freshness journey.
  void restored
    .then(() => queryClient.resumePausedMutations())
    // eslint-disable-next-line no-restricted-properties -- after a restore, not a write (above)
    .then(() => queryClient.invalidateQueries({ predicate: isKept }))
    .catch(() => undefined);

  // The server says nobody or someone else is signed in: nothing kept is theirs.
  queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    if (event.query.queryHash !== JSON.stringify(SESSION_QUERY_KEY)) return;
    const owner = readOwner();
    if (owner !== null && owner !== signedInUserId(queryClient)) void wipeOfflineData();
  });
}

/** Nothing to keep: no kept answer and no waiting write (after a sign-out, say). */
function holdsNothing(snapshot: string): boolean {
  try {
    const { clientState } = JSON.parse(snapshot) as { clientState?: { queries?: unknown[]; mutations?: unknown[] } };
    return (clientState?.queries?.length ?? 0) === 0 && (clientState?.mutations?.length ?? 0) === 0;
  } catch {
    return false;
  }
}

/**
 * localStorage, except that a snapshot holding nothing is no snapshot: the persister writes one a
 * second after any change, so after a sign-out (which wipes the copy) it wrote an empty copy back.
 */
const keptStorage = {
  getItem: (key: string) => window.localStorage.getItem(key),
  setItem: (key: string, value: string) =>
    holdsNothing(value) ? window.localStorage.removeItem(key) : window.localStorage.setItem(key, value),
  removeItem: (key: string) => window.localStorage.removeItem(key),
};

function readOwner(): string | null {
  try {
    return window.localStorage.getItem(OFFLINE_OWNER_KEY);
  } catch {
    return null;
  }
}

function writeOwner(userId: string): void {
  try {
    window.localStorage.setItem(OFFLINE_OWNER_KEY, userId);
  } catch {
    // Storage off: nothing is kept either.
  }
}
