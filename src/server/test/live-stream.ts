import { request as httpRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { LiveEvent } from '@shared/notifications/live';

/** GET /api/live as a browser's EventSource sees it, for tests of what the stream announces. */
export interface LiveStream {
  response: IncomingMessage;
  /** Resolves with the next event, in order of arrival. */
  nextEvent(): Promise<LiveEvent>;
  /** The events received so far and not yet taken. */
  pending(): LiveEvent[];
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

export function baseUrlOf(app: FastifyInstance): string {
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/** Opens the stream with a session cookie and resolves once the server is listening for it. */
export function openLiveStream(baseUrl: string, cookie: string): Promise<LiveStream> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      `${baseUrl}/api/live`,
      { headers: { cookie, accept: 'text/event-stream' } },
      (response) => {
        if (response.statusCode !== 200) return reject(new Error(`live stream answered ${response.statusCode}`));
        const events: LiveEvent[] = [];
        const waiting: Array<(event: LiveEvent) => void> = [];
        let buffer = '';
        let connected = false;
        const ended = new Promise<void>((done) => response.on('end', done));
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          buffer += chunk;
          let boundary = buffer.indexOf('\n\n');
          while (boundary >= 0) {
            const message = buffer.slice(0, boundary);
            buffer = buffer.slice(boundary + 2);
            boundary = buffer.indexOf('\n\n');
            if (message.includes(': connected') && !connected) {
              connected = true;
              resolve({
                response,
                nextEvent: () =>
                  new Promise((take) => (events.length > 0 ? take(events.shift()!) : waiting.push(take))),
                pending: () => [...events],
                ended,
                close: () => request.destroy(),
              });
            }
            const data = message.split('\n').find((line) => line.startsWith('data: '));
            if (!data) continue;
            const event = JSON.parse(data.slice(6)) as LiveEvent;
            const taker = waiting.shift();
            if (taker) taker(event);
            else events.push(event);
          }
        });
      },
    );
    request.on('error', reject);
    request.end();
  });
}
