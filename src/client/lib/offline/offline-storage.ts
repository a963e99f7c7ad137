/**
 * What this browser keeps of a signed-in person for use without signal (decision 040): the
 * persisted query cache (cards, stamps, rewards as of the last sync) and the enrolled device's
 * secret for offline My QR codes. Both belong to the person signed in, so signing out wipes them.
 */
export const OFFLINE_QUERY_CACHE_KEY = 'chaska.offline-queries.v1';
export const OFFLINE_DEVICE_KEY = 'chaska.offline-device.v1';
/** Whose answers the kept copy holds. */
export const OFFLINE_OWNER_KEY = 'chaska.offline-owner.v1';

/** Deletes everything of the person kept for offline use: storage and the service worker's runtime caches. */
export async function wipeOfflineData(): Promise<void> {
  try {
    window.localStorage.removeItem(OFFLINE_QUERY_CACHE_KEY);
    window.localStorage.removeItem(OFFLINE_DEVICE_KEY);
    window.localStorage.removeItem(OFFLINE_OWNER_KEY);
  } catch {
    // Storage turned off: nothing was kept.
  }
  if (typeof caches === 'undefined') return;
  // The precached app shell is the same for everyone; every other cache goes.
  const names = await caches.keys();
  await Promise.all(names.filter((name) => !name.startsWith('workbox-precache')).map((name) => caches.delete(name)));
}
