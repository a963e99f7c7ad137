import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A one-pixel PNG in the map's paper colour: every tile the journeys' maps ask for. */
const TILE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP49P4ZAAWeAsigaunIAAAAAElFTkSuQmCC',
  'base64',
);

/** What the journeys' geocoder knows: DHA's Y Block market in Lahore, and a namesake abroad it must not offer. */
export const GEOCODED_PLACES = [
  { lat: '31.4754', lon: '74.4102', display_name: 'Y Block Market, DHA Phase 3, Lahore, Pakistan' },
  { lat: '40.7128', lon: '-74.0060', display_name: 'Y Block Market, New York, United States' },
];

/**
 * The map tiles of the journeys (decision 084): served here, on loopback, so no journey reaches
 * a tile server on the internet; the apps get its address as MAP_TILE_URL. The same server is
 * their Nominatim-compatible geocoder (GEOCODER_URL): `/search?q=` finds GEOCODED_PLACES by name.
 */
export async function startLocalTiles() {
  const server = createServer((request, response) => {
    const address = new URL(request.url ?? '/', 'http://tiles');
    if (address.pathname === '/search') {
      const words = (address.searchParams.get('q') ?? '').toLowerCase();
      const found = GEOCODED_PLACES.filter((place) => place.display_name.toLowerCase().includes(words));
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(found));
      return;
    }
    if (!/^\/\d+\/\d+\/\d+\.png$/.test(request.url ?? '')) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'max-age=3600' }).end(TILE);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    settings: () => ({
      MAP_TILE_URL: `${url}/{z}/{x}/{y}.png`,
      MAP_TILE_ATTRIBUTION: 'Test tiles',
      GEOCODER_URL: url,
    }),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
