import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { OAuth2Issuer, OAuth2Service } from 'oauth2-mock-server';

/** The claims Google puts in its ID token, as far as Chaska reads them. */
export interface MockIdentity {
  sub: string;
  email: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
  name?: string;
}

/**
 * What the next visit to /authorize does: sign this person in, or send the provider's error.
 * With `consentPage`, the provider first shows a page with an "Allow" link, as Google does the
 * first time, so a browser test can close the popup there or go on.
 */
export type MockLogin =
  { identity: MockIdentity; consentPage?: boolean } | { error: string; errorDescription?: string };

export interface MockOpenIdServer {
  /** The issuer URL; set it as GOOGLE_ISSUER so the app discovers this server. */
  issuer: string;
  /** Scripts the next sign-in; without one, the default identity signs in. */
  queueLogin(login: MockLogin): void;
  stop(): Promise<void>;
}

/** Where other processes (the browser journeys) POST a MockLogin as JSON. */
export const QUEUE_LOGIN_PATH = '/__test/next-login';

export const DEFAULT_MOCK_IDENTITY: MockIdentity = {
  sub: 'google-default-user',
  email: 'google.user@example.pk',
  email_verified: true,
  given_name: 'Zainab',
  family_name: 'Siddiqui',
  name: 'Zainab Siddiqui',
};

async function readJson(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
}

/**
 * A real OpenID Connect provider (oauth2-mock-server: discovery, JWKS, signed ID tokens, PKCE)
 * standing in for Google in tests, with a queue of scripted sign-ins. It answers /authorize at
 * once, as Google does for a person who is already signed in and has consented.
 */
export async function startMockOpenIdServer(options: { host?: string } = {}): Promise<MockOpenIdServer> {
  const host = options.host ?? '127.0.0.1';
  const issuer = new OAuth2Issuer();
  await issuer.keys.generate('RS256');
  const service = new OAuth2Service(issuer);
  const queue: MockLogin[] = [];
  const identityByCode = new Map<string, MockIdentity>();
  // A consent page takes its login out of the queue at once, so an abandoned page (the popup
  // closed there) leaves nothing behind for the next test.
  const awaitingConsent = new Map<string, MockLogin>();
  const consentedLogins = new WeakMap<IncomingMessage, MockLogin>();

  service.on('beforeAuthorizeRedirect', (redirect: { url: URL }, request: IncomingMessage) => {
    const login = consentedLogins.get(request) ?? queue.shift() ?? { identity: DEFAULT_MOCK_IDENTITY };
    const code = redirect.url.searchParams.get('code');
    if ('error' in login) {
      redirect.url.searchParams.delete('code');
      redirect.url.searchParams.set('error', login.error);
      if (login.errorDescription) redirect.url.searchParams.set('error_description', login.errorDescription);
    } else if (code) {
      identityByCode.set(code, login.identity);
    }
  });

  // Both the access token and the ID token carry the scripted person.
  service.on(
    'beforeTokenSigning',
    (token: { payload: Record<string, unknown> }, request: IncomingMessage & { body?: Record<string, unknown> }) => {
      const code = typeof request.body?.code === 'string' ? request.body.code : '';
      const identity = identityByCode.get(code);
      if (identity) Object.assign(token.payload, identity);
    },
  );

  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://mock.invalid');
    const consent = url.searchParams.get('consent');
    const consented = consent ? awaitingConsent.get(consent) : undefined;
    if (url.pathname === '/authorize' && consent && consented) {
      awaitingConsent.delete(consent);
      consentedLogins.set(request, consented);
    }
    const next = queue[0];
    if (url.pathname === '/authorize' && !consent && next && 'identity' in next && next.consentPage) {
      // The sign-in itself happens when "Allow" brings the browser back to /authorize.
      queue.shift();
      const id = randomUUID();
      awaitingConsent.set(id, { identity: next.identity });
      url.searchParams.set('consent', id);
      const allow = `${url.pathname}${url.search}`.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(
        `<!doctype html><title>Sign in with Google</title><h1>Chaska wants to access your Google Account</h1><a href="${allow}">Allow</a>`,
      );
      return;
    }
    if (request.method === 'POST' && request.url === QUEUE_LOGIN_PATH) {
      readJson(request).then(
        (login) => {
          queue.push(login as MockLogin);
          response.writeHead(204).end();
        },
        () => response.writeHead(400).end(),
      );
      return;
    }
    service.requestHandler(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  issuer.url = `http://${host}:${port}`;

  return {
    issuer: issuer.url,
    queueLogin: (login) => queue.push(login),
    stop: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** For a test in another process than the server: scripts the next sign-in over HTTP. */
export async function queueMockLogin(issuerUrl: string, login: MockLogin): Promise<void> {
  const response = await fetch(`${issuerUrl}${QUEUE_LOGIN_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(login),
  });
  if (response.status !== 204) throw new Error(`Could not script the mock OpenID server: ${response.status}`);
}
