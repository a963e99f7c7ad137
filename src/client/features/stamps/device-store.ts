import { OFFLINE_DEVICE_KEY } from '@client/lib/offline/offline-storage';

/** What this browser keeps of its enrolment: whose it is, the device row, its handle and secret. */
export interface StoredDevice {
  userId: string;
  deviceId: string;
  handle: string;
  secret: string;
}

interface DeviceStore {
  device: StoredDevice | null;
  /** Users who removed this browser's device here: it is not enrolled again by itself. */
  turnedOff: string[];
}

function readStore(): DeviceStore {
  try {
    const raw = window.localStorage.getItem(OFFLINE_DEVICE_KEY);
    if (!raw) return { device: null, turnedOff: [] };
    const parsed = JSON.parse(raw) as Partial<DeviceStore>;
    return { device: parsed.device ?? null, turnedOff: parsed.turnedOff ?? [] };
  } catch {
    return { device: null, turnedOff: [] };
  }
}

function writeStore(store: DeviceStore): void {
  try {
    window.localStorage.setItem(OFFLINE_DEVICE_KEY, JSON.stringify(store));
  } catch {
    // Private mode with storage off: offline codes are simply not available.
  }
}

/** This browser's device for `userId`, or null (never another person's). */
export function storedDeviceOf(userId: string): StoredDevice | null {
  const { device } = readStore();
  return device && device.userId === userId ? device : null;
}

export function keepDevice(device: StoredDevice): void {
  const store = readStore();
  writeStore({ device, turnedOff: store.turnedOff.filter((id) => id !== device.userId) });
}

/** Forgets the device; `turnOff` also stops enrolling this browser again by itself. */
export function forgetDevice(userId: string, options: { turnOff: boolean }): void {
  const store = readStore();
  writeStore({
    device: store.device?.userId === userId ? null : store.device,
    turnedOff: options.turnOff && !store.turnedOff.includes(userId) ? [...store.turnedOff, userId] : store.turnedOff,
  });
}

export function offlineCodesTurnedOff(userId: string): boolean {
  return readStore().turnedOff.includes(userId);
}

/** A name the customer recognises in the list: browser and system from the user agent. */
export function thisDeviceName(userAgent: string): string {
  const system = /Android/i.test(userAgent)
    ? 'Android'
    : /iPhone|iPad|iPod/i.test(userAgent)
      ? 'iPhone'
      : /Windows/i.test(userAgent)
        ? 'Windows'
        : /Mac OS X/i.test(userAgent)
          ? 'Mac'
          : /Linux/i.test(userAgent)
            ? 'Linux'
            : 'this device';
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /SamsungBrowser/.test(userAgent)
      ? 'Samsung Internet'
      : /Firefox\//.test(userAgent)
        ? 'Firefox'
        : /Chrome\/|Chromium\//.test(userAgent)
          ? 'Chrome'
          : /Safari\//.test(userAgent)
            ? 'Safari'
            : 'Browser';
  return `${browser} on ${system}`;
}
