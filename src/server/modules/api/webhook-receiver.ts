import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Test support: a local HTTP server that receives webhooks (not a test file itself). */
export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  body: string;
}

export interface WebhookReceiver {
  url: string;
  received: ReceivedWebhook[];
  /** Status codes to answer, in order; 200 once they run out. */
  answers: number[];
  close(): Promise<void>;
}

export async function startWebhookReceiver(answers: number[] = []): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const receiver = { answers: [...answers] };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.statusCode = receiver.answers.shift() ?? 200;
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(receiver, {
    url: `http://127.0.0.1:${port}/chaska-webhooks`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
