import { secretOf, totpCode } from '../../src/server/test/totp';
import { E2E_ADMIN_EMAIL, E2E_PASSWORD } from './accounts';

function cookiesOf(response: Response, previous = ''): string {
  const jar = new Map(
    previous
      .split('; ')
      .filter(Boolean)
      .map((pair) => [pair.split('=')[0]!, pair.slice(pair.indexOf('=') + 1)]),
  );
  for (const cookie of response.headers.getSetCookie()) {
    const [pair = ''] = cookie.split(';');
    const name = pair.slice(0, pair.indexOf('='));
    const value = pair.slice(pair.indexOf('=') + 1);
    if (value === '') jar.delete(name);
    else jar.set(name, value);
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
}

async function post(baseUrl: string, path: string, body: unknown, cookie = ''): Promise<Response> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path} failed: ${response.status} ${await response.text()}`);
  return response;
}

/**
 * The first admin of a fresh install, as its operator would do it: sign up with the ADMIN_EMAILS
 * address, open the verification link from the server log (no SMTP), turn on two-factor with an
 * authenticator app. Returns the app's otpauth link, from which journeys compute codes.
 */
export async function bootstrapAdmin(
  baseUrl: string,
  waitForLink: (to: string, path: string) => Promise<string>,
): Promise<string> {
  const signUp = await post(baseUrl, '/api/accounts/sign-up', {
    name: 'Platform',
    surname: 'Admin',
    email: E2E_ADMIN_EMAIL,
    password: E2E_PASSWORD,
  });
  let cookie = cookiesOf(signUp);
  const verifyLink = new URL(await waitForLink(E2E_ADMIN_EMAIL, '/verify-email'));
  await post(baseUrl, '/api/accounts/verify-email', { token: verifyLink.searchParams.get('token') });
  const enable = await post(baseUrl, '/api/accounts/two-factor/enable', { password: E2E_PASSWORD }, cookie);
  const { otpauthUri } = (await enable.json()) as { otpauthUri: string };
  const confirm = await post(
    baseUrl,
    '/api/accounts/two-factor/confirm',
    { code: totpCode(secretOf(otpauthUri), new Date()) },
    cookie,
  );
  cookie = cookiesOf(confirm, cookie);
  const me = (await (await fetch(`${baseUrl}/api/me`, { headers: { cookie } })).json()) as {
    user: { isAdmin: boolean; twoFactorEnabled: boolean };
  };
  if (!me.user.isAdmin || !me.user.twoFactorEnabled)
    throw new Error(`The e2e admin is not set up: ${JSON.stringify(me.user)}`);
  return otpauthUri;
}

export { cookiesOf };
