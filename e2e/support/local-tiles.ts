import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A one-pixel PNG in the map's paper colour: every tile the journeys' maps ask for. */
const TILE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP49P4ZAAWeAsigaunIAAAAAElFTkSuQmCC',
  'base64',
);

/**
 * The map tiles of the journeys (decision 084): served here, on loopback, so no journey reaches
 * a tile server on the internet; the apps get its address as MAP_TILE_URL.
 */
export async function startLocalTiles() {
  const server = createServer((request, response) => {
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
    settings: () => ({ MAP_TILE_URL: `${url}/{z}/{x}/{y}.png`, MAP_TILE_ATTRIBUTION: 'Test tiles' }),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
