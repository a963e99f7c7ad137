import { inject } from 'vitest';

/** This worker's app: its address, database and admin's authenticator link. */
export function e2eServer() {
  const servers = inject('servers');
  // Vitest numbers its workers from 1 (VITEST_POOL_ID).
  const worker = Number(process.env.VITEST_POOL_ID ?? '1');
  return servers[(worker - 1) % servers.length]!;
}
