import type { FastifyInstance } from 'fastify';

/** Signs in through the real API, as the browser does, and returns the session cookie. */
export async function signIn(app: FastifyInstance, email: string, password: string): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/accounts/sign-in', payload: { email, password } });
  if (response.statusCode !== 200) {
    throw new Error(`Sign-in as ${email} failed (${response.statusCode}): ${response.body}. Pass the seeded password with --password.`);
  }
  return response.cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');
}
