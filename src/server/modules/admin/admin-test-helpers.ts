import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client';
import { grantAdmin, signUpUser, type SignedInUser } from '../../test/factories';

/** A signed-in platform admin, granted through admin_users as ADMIN_EMAILS would. */
export async function signUpAdmin(app: FastifyInstance, db: Executor): Promise<SignedInUser> {
  const admin = await signUpUser(app, { name: 'Platform', surname: 'Admin' });
  await grantAdmin(db, admin.email);
  return admin;
}
