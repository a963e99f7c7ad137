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

/**
 * The push service replaced or expired this browser's subscription (Firefox tells the worker;
 * Chromium does not fire the event and leaves it to the page's check in the preferences): subscribe
 * again with the same server key and hand the new subscription to the server, at the route the
 * page uses, forgetting the old one. Without a signed-in session the server refuses both, and the
 * page offers "Turn on" again.
 */
async function renewSubscription(oldSubscription, newSubscription) {
  let subscription = newSubscription;
  if (!subscription) {
    const oldKey = oldSubscription && oldSubscription.options && oldSubscription.options.applicationServerKey;
    const applicationServerKey = oldKey || (await serverKey());
    if (!applicationServerKey) return;
    subscription = await self.registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey });
  }
  const json = subscription.toJSON();
  await postJson('/api/push/subscriptions', {
    endpoint: json.endpoint || '',
    keys: { p256dh: (json.keys && json.keys.p256dh) || '', auth: (json.keys && json.keys.auth) || '' },
  });
  if (oldSubscription && oldSubscription.endpoint !== json.endpoint) {
    await postJson('/api/push/subscriptions/remove', { endpoint: oldSubscription.endpoint });
  }
}

/** The server's VAPID public key (base64url, which subscribe() takes as it is), or null when push is off. */
async function serverKey() {
  const response = await fetch('/api/push/key', { credentials: 'same-origin' });
  if (!response.ok) return null;
  const body = await response.json();
  return typeof body.publicKey === 'string' ? body.publicKey : null;
}

function postJson(path, body) {
  return fetch(path, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

self.addEventListener('pushsubscriptionchange', (event) => {
  event.waitUntil(renewSubscription(event.oldSubscription || null, event.newSubscription || null));
});
