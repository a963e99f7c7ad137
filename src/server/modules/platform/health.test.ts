import { describe, expect, it } from 'vitest';
import { useTestApp } from '@server/test/build-test-app';

describe('GET /api/health', () => {
  const context = useTestApp();

  it('reports the database as up', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.status).toBe('ok');
    expect(body.database.state).toBe('up');
    expect(body.database.kind).toBe(process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');
    // Without DATABASE_READ_URL there is no replica to report (read-replica.test.ts covers one).
    expect(body).not.toHaveProperty('readReplica');
  });

  it('answers unknown API routes with the one error shape', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: 'not_found', message: 'No route for GET /api/does-not-exist' } });
  });

  it('sends security headers', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    // The QR scanner's WebAssembly compiles; JavaScript eval() stays refused.
    expect(response.headers['content-security-policy']).toContain("script-src 'self' 'wasm-unsafe-eval'");
  });
});
