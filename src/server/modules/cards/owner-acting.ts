import type { FastifyRequest } from 'fastify';
import { requireVendorMember } from '@server/plugins/authentication';
import { actorOf } from '@server/lib/record-audit';

/**
 * Only a vendor's owner changes its cards and partnerships (staff may read them): the vendor the
 * change is for and who the audit log names.
 */
export async function ownerActing(request: FastifyRequest) {
  const viewer = await requireVendorMember(request, { ownerOnly: true });
  return { vendorId: viewer.membership.vendorId, actor: actorOf(viewer) };
}
