import type { ShopLocation } from '@shared/vendors/vendor-profile';

/** What the two boxes show for a pin: its degrees as typed, or empty for none. */
export function pinTexts(pin: ShopLocation | null): { latitude: string; longitude: string } {
  return pin
    ? {
        latitude: String(Math.round(pin.latitude * 1e6) / 1e6),
        longitude: String(Math.round(pin.longitude * 1e6) / 1e6),
      }
    : { latitude: '', longitude: '' };
}

/**
 * The pin the two boxes say: none when both are empty, otherwise both numbers (a comma typed as
 * the decimal mark is read as a point). A box left empty or not a number stays NaN, so the
 * profile's schema names that field instead of the pin silently vanishing.
 */
export function pinFromTexts(texts: { latitude: string; longitude: string }): ShopLocation | null {
  const latitude = texts.latitude.trim();
  const longitude = texts.longitude.trim();
  if (latitude === '' && longitude === '') return null;
  return { latitude: degrees(latitude), longitude: degrees(longitude) };
}

function degrees(text: string): number {
  const normalised = text.replace(',', '.');
  return /^-?\d+(\.\d+)?$/.test(normalised) ? Number(normalised) : Number.NaN;
}
