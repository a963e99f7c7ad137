import type { FastifyInstance } from 'fastify';

/** The password step of signing in, from the test's own address unless the test names one. */
export function signInWithPassword(
  app: FastifyInstance,
  email: string,
  password: string,
  from: { remoteAddress?: string } = {},
) {
  return app.inject({ method: 'POST', url: '/api/accounts/sign-in', payload: { email, password }, ...from });
}
