import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The bearer token the journeys' servers send (SMS_GATEWAY_TOKEN). */
export const E2E_SMS_TOKEN = 'e2e-sms-gateway-token';

export interface ReceivedSms {
  to: string;
  from: string;
  text: string;
  unicode: boolean;
}

function isSms(body: unknown): body is ReceivedSms {
  const sms = body as Partial<ReceivedSms> | null;
  return (
    typeof sms?.to === 'string' &&
    /^\+92[0-9]{10}$/.test(sms.to) &&
    typeof sms.from === 'string' &&
    typeof sms.text === 'string' &&
    typeof sms.unicode === 'boolean'
  );
}

/**
 * An SMS gateway on loopback for the journeys: POST /send takes a message only with the right
 * token and a well-formed body (else 401 or 400, which the app must report), and
 * GET /messages?to=+92… lists what reached that number, for a journey to read its code.
 */
export async function startFakeSmsGateway() {
  const received: ReceivedSms[] = [];
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://gateway');
    if (request.method === 'GET' && url.pathname === '/messages') {
      const to = url.searchParams.get('to');
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(received.filter((sms) => sms.to === to)));
      return;
    }
    let text = '';
    request.on('data', (chunk) => (text += chunk));
    request.on('end', () => {
      if (request.method !== 'POST' || url.pathname !== '/send') return void response.writeHead(404).end();
      if (request.headers.authorization !== `Bearer ${E2E_SMS_TOKEN}`) return void response.writeHead(401).end();
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        body = null;
      }
      if (!isSms(body)) return void response.writeHead(400).end();
      received.push(body);
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"queued"}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The newest 6-digit code the gateway passed to `phoneNumber` (E.164), waiting for it. */
export async function waitForSmsCode(gatewayUrl: string, phoneNumber: string, after = 0): Promise<string> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const messages = (await (
      await fetch(`${gatewayUrl}/messages?to=${encodeURIComponent(phoneNumber)}`)
    ).json()) as ReceivedSms[];
    const code = messages
      .slice(after)
      .at(-1)
      ?.text.match(/[0-9]{6}/)?.[0];
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`No SMS to ${phoneNumber} reached the gateway`);
}
