import type { FastifyInstance } from 'fastify';
import type { Executor } from '@server/db/client';
import type { SignedInUser } from '@server/test/factories';
import { signUpAdmin as signUpVerifiedAdmin } from '@server/test/two-factor-factory';

/** A signed-in platform admin: verified address, admin_users grant as ADMIN_EMAILS gives, two-factor on. */
export async function signUpAdmin(app: FastifyInstance, db: Executor): Promise<SignedInUser> {
  return signUpVerifiedAdmin(app, db);
}
