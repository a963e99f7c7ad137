import { z } from 'zod';
import type { AddressMatch } from '@shared/vendors/branches';
import { fieldText } from '@shared/field-messages';
import { BRAND } from '@shared/brand';
import { isInPakistan } from '@shared/places';
import { badGateway, notFound } from '@server/errors';

/** How long a search may wait for the geocoder before the owner is told to drag the pin. */
const GEOCODER_TIMEOUT_MS = 5_000;
/** Places offered for one search: a short list to choose from. */
const MATCHES = 5;
/** The most of the geocoder's answer read: five places are a few kilobytes. */
const MAX_ANSWER_BYTES = 256 * 1024;

/** Nominatim's answer, the fields used: its coordinates come as text. */
const nominatimAnswerSchema = z.array(
  z.object({ lat: z.coerce.number(), lon: z.coerce.number(), display_name: z.string().max(500) }).loose(),
);

/**
 * Places matching an address, from a Nominatim-compatible geocoder (`GET {url}/search?q=…
 * &format=json&countrycodes=pk`), asked by the server (decision 084): the browser never talks to
 * a third party, and its answer is checked like anything typed. Only places inside Pakistan's box
 * (PAKISTAN_BOUNDS) come back, as the pin must be. Without a configured geocoder, a 404; a
 * geocoder that is down, slow or answers nonsense, a 502 telling the owner to drag the pin.
 */
export async function searchAddress(
  { geocoderUrl, publicUrl }: { geocoderUrl: string | null; publicUrl: string },
  query: string,
): Promise<{ matches: AddressMatch[] }> {
  if (!geocoderUrl) throw notFound(fieldText('forms:branch.searchOff'));
  const url = new URL(`${geocoderUrl}/search`);
  url.search = new URLSearchParams({ q: query, format: 'json', countrycodes: 'pk', limit: String(MATCHES) }).toString();
  let places: z.infer<typeof nominatimAnswerSchema>;
  try {
    const response = await fetch(url, {
      headers: { accept: 'application/json', 'user-agent': `${BRAND.name} (${publicUrl})` },
      redirect: 'error',
      signal: AbortSignal.timeout(GEOCODER_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`geocoder answered ${response.status}`);
    const text = await response.text();
    if (text.length > MAX_ANSWER_BYTES) throw new Error('geocoder answer too large');
    places = nominatimAnswerSchema.parse(JSON.parse(text));
  } catch {
    throw badGateway(fieldText('forms:branch.searchFailed'));
  }
  const matches: AddressMatch[] = [];
  for (const place of places) {
    const position = { latitude: place.lat, longitude: place.lon };
    if (!Number.isFinite(position.latitude) || !Number.isFinite(position.longitude) || !isInPakistan(position))
      continue;
    matches.push({ label: place.display_name, position });
    if (matches.length === MATCHES) break;
  }
  return { matches };
}
