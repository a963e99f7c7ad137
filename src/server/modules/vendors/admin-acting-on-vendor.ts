import type { FastifyRequest } from 'fastify';
import { actorOf } from '@server/lib/record-audit';
import { requireAdmin } from '@server/plugins/authentication';

/** The vendor an admin route's path names and the admin changing it, as every audited change records them. */
export async function adminActingOnVendor(request: FastifyRequest & { params: { id: string } }) {
  return { vendorId: request.params.id, actor: actorOf(await requireAdmin(request)) };
}
