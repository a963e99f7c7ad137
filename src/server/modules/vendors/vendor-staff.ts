import { randomBytes } from 'node:crypto';
import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import { STAFF_INVITATION_DAYS, type InvitationPreview, type StaffList } from '@shared/vendors/vendor-profile';
import type { Database, Executor } from '@server/db/client';
import { users, vendorInvitations, vendorMembers, vendors } from '@server/db/schema';
import { fieldText } from '@shared/field-messages';
import { badRequest, conflict, forbidden, invalidFields, notFound } from '@server/errors';
import { hashToken } from '@server/lib/signing';
import { recordAudit, type AuditActor } from '@server/lib/record-audit';
import type { Viewer } from '@server/viewer/load-viewer';
import type { EmailService } from '@server/modules/notifications/email-service';
import { staffInvitationEmail } from '@server/modules/notifications/templates/staff-invitation-email';
import { lockOpenVendor } from '@server/modules/billing/vendor-plan';
import { assertChoosableBranches } from './branches';

const INVALID_INVITATION = 'This invitation link is not valid.';

export async function listStaff(db: Executor, vendorId: string, now: Date): Promise<StaffList> {
  const members = await db
    .select({
      userId: users.id,
      name: users.name,
      surname: users.surname,
      email: users.email,
      role: vendorMembers.role,
      branchIds: vendorMembers.branchIds,
      joinedAt: vendorMembers.createdAt,
    })
    .from(vendorMembers)
    .innerJoin(users, eq(users.id, vendorMembers.userId))
    .where(eq(vendorMembers.vendorId, vendorId))
    .orderBy(sql`${vendorMembers.role} = 'owner' desc`, asc(vendorMembers.createdAt));
  const invitations = await db
    .select()
    .from(vendorInvitations)
    .where(
      and(
        eq(vendorInvitations.vendorId, vendorId),
        isNull(vendorInvitations.acceptedAt),
        gt(vendorInvitations.expiresAt, now),
      ),
    )
    .orderBy(asc(vendorInvitations.createdAt));
  return {
    members: members.map((member) => ({
      userId: member.userId,
      name: `${member.name} ${member.surname}`.trim(),
      email: member.email,
      role: member.role as 'owner' | 'staff',
      branchIds: member.branchIds,
      joinedAt: member.joinedAt.toISOString(),
    })),
    invitations: invitations.map((invitation) => ({
      id: invitation.id,
      email: invitation.email,
      createdAt: invitation.createdAt.toISOString(),
      expiresAt: invitation.expiresAt.toISOString(),
    })),
  };
}

export interface InviteDeps {
  db: Database;
  email: EmailService;
  publicUrl: string;
}

/** Creates a 7-day invitation (only its hash is stored) and e-mails the link. */
export async function inviteStaff(
  deps: InviteDeps,
  {
    owner,
    actor,
    email: rawEmail,
  }: { owner: Viewer & { membership: NonNullable<Viewer['membership']> }; actor: AuditActor; email: string },
  now: Date,
) {
  const email = rawEmail.toLowerCase();
  const token = randomBytes(32).toString('base64url');
  const vendor = await deps.db.transaction(async (tx) => {
    const locked = await lockOpenVendor(tx, owner.membership.vendorId);
    const [existing] = await tx
      .select({ vendorId: vendorMembers.vendorId })
      .from(vendorMembers)
      .innerJoin(users, eq(users.id, vendorMembers.userId))
      .where(sql`lower(${users.email}) = ${email}`)
      .limit(1);
    if (existing?.vendorId === locked.id) throw conflict(`${email} is already on your team.`);
    if (existing) throw conflict(`${email} already belongs to another vendor. A person can work for one vendor only.`);
    // A new invitation replaces an open one for the same address, so only the latest link works.
    await tx
      .delete(vendorInvitations)
      .where(
        and(
          eq(vendorInvitations.vendorId, locked.id),
          eq(vendorInvitations.email, email),
          isNull(vendorInvitations.acceptedAt),
        ),
      );
    await tx.insert(vendorInvitations).values({
      vendorId: locked.id,
      email,
      tokenHash: hashToken(token),
      invitedBy: owner.userId,
      expiresAt: new Date(now.getTime() + STAFF_INVITATION_DAYS * 86_400_000),
    });
    await recordAudit(tx, {
      actor,
      action: 'staff.invite',
      targetType: 'vendor_invitation',
      targetId: email,
      vendorId: locked.id,
      metadata: { email },
    });
    return locked;
  });
  await deps.email.enqueue({
    type: 'staff_invite',
    to: email,
    render: () =>
      staffInvitationEmail({
        businessName: vendor.businessName,
        inviterName: owner.name,
        acceptUrl: `${deps.publicUrl}/join-vendor?token=${encodeURIComponent(token)}`,
        days: STAFF_INVITATION_DAYS,
      }),
  });
}

export async function revokeInvitation(
  db: Database,
  vendorId: string,
  actor: AuditActor,
  invitationId: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(vendorInvitations)
      .where(
        and(
          eq(vendorInvitations.id, invitationId),
          eq(vendorInvitations.vendorId, vendorId),
          isNull(vendorInvitations.acceptedAt),
        ),
      )
      .returning();
    if (!removed) throw notFound('Invitation not found.');
    await recordAudit(tx, {
      actor,
      action: 'staff.invitation_revoke',
      targetType: 'vendor_invitation',
      targetId: removed.id,
      vendorId,
      metadata: { email: removed.email },
    });
  });
}

export async function removeStaffMember(
  db: Database,
  vendorId: string,
  actor: AuditActor,
  userId: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [member] = await tx
      .select({ role: vendorMembers.role, email: users.email })
      .from(vendorMembers)
      .innerJoin(users, eq(users.id, vendorMembers.userId))
      .where(and(eq(vendorMembers.vendorId, vendorId), eq(vendorMembers.userId, userId)))
      .for('update');
    if (!member) throw notFound('Team member not found.');
    if (member.role === 'owner') throw forbidden('The owner cannot be removed from the vendor.');
    await tx.delete(vendorMembers).where(and(eq(vendorMembers.vendorId, vendorId), eq(vendorMembers.userId, userId)));
    await recordAudit(tx, {
      actor,
      action: 'staff.remove',
      targetType: 'user',
      targetId: userId,
      vendorId,
      metadata: { email: member.email },
    });
  });
}

/**
 * Places a staff member at chosen branches of the vendor, or every branch (null; decision 089).
 * The owner works everywhere; another vendor's or an archived branch is refused naming the field.
 */
export async function setStaffBranches(
  db: Database,
  {
    vendorId,
    actor,
    userId,
    branchIds,
  }: { vendorId: string; actor: AuditActor; userId: string; branchIds: string[] | null },
): Promise<void> {
  await db.transaction(async (tx) => {
    await lockOpenVendor(tx, vendorId);
    const [member] = await tx
      .select({ role: vendorMembers.role, email: users.email })
      .from(vendorMembers)
      .innerJoin(users, eq(users.id, vendorMembers.userId))
      .where(and(eq(vendorMembers.vendorId, vendorId), eq(vendorMembers.userId, userId)))
      .for('update', { of: vendorMembers });
    if (!member) throw notFound('Team member not found.');
    if (member.role === 'owner') {
      const message = fieldText('forms:branch.ownerEverywhere');
      throw invalidFields(message, { branchIds: message });
    }
    await assertChoosableBranches(tx, vendorId, branchIds, 'branchIds');
    await tx
      .update(vendorMembers)
      .set({ branchIds })
      .where(and(eq(vendorMembers.vendorId, vendorId), eq(vendorMembers.userId, userId)));
    await recordAudit(tx, {
      actor,
      action: 'staff.branches',
      targetType: 'user',
      targetId: userId,
      vendorId,
      metadata: { email: member.email, branchIds },
    });
  });
}

async function findInvitation(db: Executor, token: string, options: { forUpdate?: boolean } = {}) {
  const query = db
    .select({ invitation: vendorInvitations, businessName: vendors.businessName })
    .from(vendorInvitations)
    .innerJoin(vendors, eq(vendors.id, vendorInvitations.vendorId))
    .where(eq(vendorInvitations.tokenHash, hashToken(token)))
    .limit(1);
  const [row] = options.forUpdate ? await query.for('update', { of: vendorInvitations }) : await query;
  if (!row) throw notFound(INVALID_INVITATION);
  return row;
}

export async function previewInvitation(db: Executor, token: string, now: Date): Promise<InvitationPreview> {
  const { invitation, businessName } = await findInvitation(db, token);
  const state = invitation.acceptedAt ? 'accepted' : invitation.expiresAt <= now ? 'expired' : 'open';
  return { businessName, email: invitation.email, state };
}

/** Joins the signed-in person to the vendor as staff; they must be signed in with the invited address. */
export async function acceptInvitation(
  db: Database,
  viewer: Viewer,
  token: string,
  now: Date,
): Promise<{ businessName: string }> {
  return db.transaction(async (tx) => {
    const { invitation, businessName } = await findInvitation(tx, token, { forUpdate: true });
    if (invitation.acceptedAt) throw conflict('This invitation has already been used.');
    if (invitation.expiresAt <= now) throw badRequest('This invitation has expired. Ask the owner to send a new one.');
    if (viewer.email.toLowerCase() !== invitation.email) {
      throw forbidden(`This invitation was sent to ${invitation.email}. Sign in with that address to accept it.`);
    }
    if (viewer.membership)
      throw conflict('Your account already belongs to a vendor. A person can work for one vendor only.');
    const inserted = await tx
      .insert(vendorMembers)
      .values({ vendorId: invitation.vendorId, userId: viewer.userId, role: 'staff' })
      .onConflictDoNothing()
      .returning();
    if (inserted.length === 0)
      throw conflict('Your account already belongs to a vendor. A person can work for one vendor only.');
    await tx.update(vendorInvitations).set({ acceptedAt: now }).where(eq(vendorInvitations.id, invitation.id));
    await recordAudit(tx, {
      actor: { userId: viewer.userId, email: viewer.email },
      action: 'staff.join',
      targetType: 'user',
      targetId: viewer.userId,
      vendorId: invitation.vendorId,
      metadata: { email: viewer.email },
    });
    return { businessName };
  });
}
