import { BENCH_PASSWORD } from '../bench-accounts';

/** Signs in through the app's own sign-in API and returns the Cookie header of the session. */
export async function signIn(baseUrl: string, email: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/accounts/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ email, password: BENCH_PASSWORD }),
  });
  if (!response.ok) {
    throw new Error(
      `Sign-in of ${email} failed (${response.status}): ${await response.text()}. Was the database seeded with npm run seed:scale?`,
    );
  }
  const cookies = response.headers.getSetCookie().map((cookie) => cookie.split(';')[0]);
  if (cookies.length === 0) throw new Error(`Sign-in of ${email} set no cookie`);
  return cookies.join('; ');
}
