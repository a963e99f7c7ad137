import type { PushSubscriptionInput } from '@shared/notifications/push';

/*
 * The browser's side of Web Push (decision 043): permission, the service worker's push manager,
 * and the subscription handed to the server. The service worker is Workbox's (decision 040),
 * registered by the offline start; its push handlers come from public/push-sw.js.
 */

/** Service workers, the Push API and notifications: all three, or push stays hidden. */
export function browserSupportsPush(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window &&
    window.isSecureContext
  );
}

/** The app's service worker, registering it when this page has not (the preferences page). */
async function serviceWorker(): Promise<ServiceWorkerRegistration> {
  if (!(await navigator.serviceWorker.getRegistration())) {
    const { registerSW } = await import('virtual:pwa-register');
    registerSW({ immediate: true });
  }
  return navigator.serviceWorker.ready;
}

export async function currentPushSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration();
  return registration ? registration.pushManager.getSubscription() : null;
}

function madeWith(subscription: PushSubscription, applicationServerKey: Uint8Array): boolean {
  const key = subscription.options.applicationServerKey;
  return key !== null && new Uint8Array(key).join() === applicationServerKey.join();
}

/** Subscribed with the server's current key: one made with an older key receives nothing any more. */
export async function subscribedWith(publicKey: string): Promise<boolean> {
  const subscription = await currentPushSubscription();
  return subscription !== null && madeWith(subscription, keyBytes(publicKey));
}

/** base64url (as the server gives the VAPID key) to the bytes subscribe() wants. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const text = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(text.length));
  for (let index = 0; index < text.length; index += 1) bytes[index] = text.charCodeAt(index);
  return bytes;
}

export type TurnOnResult = 'on' | 'blocked';

/**
 * Asks the permission (only ever after the person pressed "Turn on"), subscribes with the
 * server's key and gives the subscription to the server. A browser subscribed with another key
 * (the server's keys changed) is subscribed again.
 */
export async function subscribeThisBrowser(
  publicKey: string,
  save: (subscription: PushSubscriptionInput) => Promise<unknown>,
): Promise<TurnOnResult> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return 'blocked';
  const registration = await serviceWorker();
  const applicationServerKey = keyBytes(publicKey);
  let subscription = await registration.pushManager.getSubscription();
  if (subscription && !madeWith(subscription, applicationServerKey)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey });
  const json = subscription.toJSON();
  await save({ endpoint: json.endpoint ?? '', keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' } });
  return 'on';
}

/** Tells the server to forget this browser, then drops the subscription itself. */
export async function unsubscribeThisBrowser(forget: (endpoint: string) => Promise<unknown>): Promise<'off'> {
  const subscription = await currentPushSubscription();
  if (subscription) {
    await forget(subscription.endpoint);
    await subscription.unsubscribe();
  }
  return 'off';
}
