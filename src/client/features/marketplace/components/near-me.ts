import type { NearPoint } from '@client/features/marketplace/api/list-public-cards';

/**
 * Four decimals (about 11 m) are plenty to sort shops by distance, and say less about where the
 * customer stands than a phone's full precision; rounding also lets nearby customers share the
 * listings' brief cached answer.
 */
export function nearPointOf(coords: { latitude: number; longitude: number }): NearPoint {
  const round = (degrees: number) => Math.round(degrees * 1e4) / 1e4;
  return { lat: round(coords.latitude), lng: round(coords.longitude) };
}
