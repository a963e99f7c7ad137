/*
 * Chaska's Web Push handlers (decision 043), loaded into the Workbox service worker through its
 * importScripts option (vite.config.ts), so the worker keeps Workbox's precaching and this stays a
 * small script of ours that no page downloads. A push carries { title, body, url, tag } (the
 * server's PushMessage); a tap opens its address on this site, in a window already open if any.
 */

/** Only an address on this site: a push naming another site opens the customer's dashboard instead. */
function addressOnThisSite(url) {
  if (typeof url !== 'string' || !url.startsWith('/') || url.startsWith('//')) return '/user';
  return url;
}

self.addEventListener('push', (event) => {
  let message;
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    message = { body: event.data ? event.data.text() : '' };
  }
  const title = typeof message.title === 'string' && message.title ? message.title : 'Chaska';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof message.body === 'string' ? message.body : '',
      tag: typeof message.tag === 'string' ? message.tag : undefined,
      icon: '/icons/icon-192.png',
      badge: '/icons/maskable-192.png',
      data: { url: addressOnThisSite(message.url) },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(
    addressOnThisSite(event.notification.data && event.notification.data.url),
    self.location.origin,
  ).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) {
        await open.focus();
        if ('navigate' in open) await open.navigate(target);
        return;
      }
      await self.clients.openWindow(target);
    })(),
  );
});
