import { eq, sql } from 'drizzle-orm';
import type { Database, Transaction } from '@server/db/client';
import { adminUsers, devices, pushSubscriptions, users, walletPasses } from '@server/db/schema';
import { conflict, notFound } from '@server/errors';
import { recordAudit } from '@server/lib/record-audit';
import type { Auth } from '@server/modules/accounts/auth';
import type { Viewer } from '@server/viewer/load-viewer';

interface AccessDeps {
  db: Database;
  auth: Auth;
  /** ADMIN_EMAILS: grants that come back at every start. */
  configuredAdmins: readonly string[];
}

/** The account, locked; a closed one (close-account.ts) is never enabled or made admin again. */
async function lockUser(tx: Transaction, userId: string) {
  const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
  if (!user) throw notFound('User not found.');
  if (user.closedAt) throw conflict('This account was closed: it cannot be changed.', 'account_closed');
  return user;
}

function actorOfAdmin(admin: Viewer) {
  return { userId: admin.userId, email: admin.email };
}

/**
 * What lets an account act or be reached without a session, ended with it: its phones' offline
 * codes, its Web Push subscriptions, and its Wallet passes (deleting a pass voids its barcode
 * and takes its devices' registrations with it, so the pass web service no longer knows it).
 * Enabling the account again restores none of them: the customer enrols and adds them anew.
 */
export async function endAccessWithoutSession(tx: Transaction, userId: string): Promise<void> {
  await tx.delete(devices).where(eq(devices.userId, userId));
  await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
  await tx.delete(walletPasses).where(eq(walletPasses.userId, userId));
}

/**
 * Disable or enable an account. A disabled person is treated as signed out everywhere (the session
 * plugin refuses them) and their sessions are deleted too, so no open tab keeps working; what
 * works without a session goes with them (endAccessWithoutSession), and every code reader refuses
 * their codes.
 */
export async function setUserDisabled(
  deps: AccessDeps,
  { userId, disabled, admin }: { userId: string; disabled: boolean; admin: Viewer },
  now: Date,
) {
  if (disabled && userId === admin.userId) throw conflict('You cannot disable your own account.', 'self_action');
  const user = await deps.db.transaction(async (tx) => {
    const current = await lockUser(tx, userId);
    const [updated] = await tx
      .update(users)
      .set({ disabledAt: disabled ? (current.disabledAt ?? now) : null, updatedAt: now })
      .where(eq(users.id, userId))
      .returning();
    if (disabled) await endAccessWithoutSession(tx, userId);
    if (Boolean(current.disabledAt) !== disabled) {
      await recordAudit(tx, {
        actor: actorOfAdmin(admin),
        action: disabled ? 'user.disable' : 'user.enable',
        targetType: 'user',
        targetId: userId,
        metadata: { email: current.email },
      });
    }
    return updated!;
  });
  if (disabled) await (await deps.auth.$context).internalAdapter.deleteUserSessions(userId);
  const [grant] = await deps.db
    .select()
    .from(adminUsers)
    .where(eq(adminUsers.email, user.email.toLowerCase()))
    .limit(1);
  return {
    id: user.id,
    isAdmin: Boolean(grant),
    disabledAt: user.disabledAt?.toISOString() ?? null,
    reappliedAtStart: false,
  };
}

/** Grant or revoke admin (admin_users). Nobody can revoke their own admin rights. */
export async function setUserAdmin(deps: AccessDeps, userId: string, grant: boolean, admin: Viewer) {
  if (!grant && userId === admin.userId) throw conflict('You cannot revoke your own admin rights.', 'self_action');
  return deps.db.transaction(async (tx) => {
    const user = await lockUser(tx, userId);
    const email = user.email.toLowerCase();
    const [existing] = await tx.select().from(adminUsers).where(eq(adminUsers.email, email)).limit(1);
    if (grant && !existing) {
      await tx.insert(adminUsers).values({ email, role: 'admin', grantedBy: admin.email });
    }
    if (!grant && existing) {
      await tx.delete(adminUsers).where(sql`${adminUsers.email} = ${email}`);
    }
    if (Boolean(existing) !== grant) {
      await recordAudit(tx, {
        actor: actorOfAdmin(admin),
        action: grant ? 'admin.grant' : 'admin.revoke',
        targetType: 'user',
        targetId: userId,
        metadata: { email },
      });
    }
    return {
      id: user.id,
      isAdmin: grant,
      disabledAt: user.disabledAt?.toISOString() ?? null,
      reappliedAtStart: !grant && deps.configuredAdmins.includes(email),
    };
  });
}
