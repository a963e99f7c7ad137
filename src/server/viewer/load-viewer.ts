import { eq, sql } from 'drizzle-orm';
import { isLanguage, type Language } from '@shared/i18n/languages';
import type { VendorMemberRole, VendorStatus } from '@shared/vendors/vendors';
import type { Executor } from '@server/db/client';
import { preparedQuery } from '@server/db/prepared-statement';
import { adminUsers, authSession, authUser, users, vendorMembers, vendors } from '@server/db/schema';

export interface VendorMembership {
  vendorId: string;
  role: VendorMemberRole;
  vendorStatus: VendorStatus;
  businessName: string;
}

/** The signed-in person as every guard sees them. */
export interface Viewer {
  userId: string;
  email: string;
  /** The verified mobile number the person signs in with (E.164), if any. */
  phoneNumber: string | null;
  name: string;
  surname: string;
  verified: boolean;
  isAdmin: boolean;
  /** An authenticator app is enrolled and confirmed; admins need it (requireAdmin). */
  twoFactorEnabled: boolean;
  disabled: boolean;
  /** The language the person chose for the interface and e-mails; null until they choose. */
  language: Language | null;
  membership: VendorMembership | null;
}

/**
 * The `users` row of the query has an admin grant: an admin_users row for its e-mail
 * (case-insensitive), granted by ADMIN_EMAILS or by another admin. Admin lists show it; being an
 * admin takes isVerifiedAdmin.
 */
export const hasAdminGrant = sql<boolean>`exists (select 1 from ${adminUsers} where ${adminUsers.email} = lower(${users.email}) and ${adminUsers.role} = 'admin')`;

/**
 * The one admin check: the admin grant, and that address verified (by its e-mailed link, or by
 * Google). Whoever signs up first with an admin address does not become admin by typing it.
 */
export const isVerifiedAdmin = sql<boolean>`(${users.verified} and ${hasAdminGrant})`;

/** The columns of a viewer, read by both loaders below: one home for what a guard sees. */
const viewerColumns = {
  userId: users.id,
  email: users.email,
  phoneNumber: authUser.phoneNumber,
  name: users.name,
  surname: users.surname,
  verified: users.verified,
  disabledAt: users.disabledAt,
  language: users.language,
  isAdmin: isVerifiedAdmin,
  twoFactorEnabled: authUser.twoFactorEnabled,
  vendorId: vendorMembers.vendorId,
  role: vendorMembers.role,
  vendorStatus: vendors.status,
  businessName: vendors.businessName,
};

interface ViewerRow {
  userId: string;
  email: string;
  phoneNumber: string | null;
  name: string;
  surname: string;
  verified: boolean;
  disabledAt: Date | null;
  language: string | null;
  isAdmin: boolean;
  twoFactorEnabled: boolean;
  vendorId: string | null;
  role: string | null;
  vendorStatus: string | null;
  businessName: string | null;
}

function toViewer(row: ViewerRow): Viewer {
  return {
    userId: row.userId,
    email: row.email,
    phoneNumber: row.phoneNumber,
    name: row.name,
    surname: row.surname,
    verified: row.verified,
    isAdmin: row.isAdmin,
    twoFactorEnabled: row.twoFactorEnabled,
    disabled: row.disabledAt !== null,
    language: isLanguage(row.language) ? row.language : null,
    membership:
      row.vendorId && row.role && row.vendorStatus
        ? {
            vendorId: row.vendorId,
            role: row.role as VendorMemberRole,
            vendorStatus: row.vendorStatus as VendorStatus,
            businessName: row.businessName ?? '',
          }
        : null,
  };
}

export async function loadViewer(db: Executor, userId: string): Promise<Viewer | null> {
  const [row] = await db
    .select(viewerColumns)
    .from(users)
    .innerJoin(authUser, eq(authUser.id, users.id))
    .leftJoin(vendorMembers, eq(vendorMembers.userId, users.id))
    .leftJoin(vendors, eq(vendors.id, vendorMembers.vendorId))
    .where(eq(users.id, userId))
    .limit(1);
  return row ? toViewer(row) : null;
}

/** A session row and whose it is: `viewer` is null while the person has no profile yet. */
export interface SessionViewer {
  userId: string;
  expiresAt: Date;
  viewer: Viewer | null;
}

/** Every signed-in request runs it: prepared once (decision 061). */
const sessionViewerRead = preparedQuery('session_viewer', (db) =>
  db
    .select({ ...viewerColumns, sessionUserId: authSession.userId, expiresAt: authSession.expiresAt })
    .from(authSession)
    .innerJoin(authUser, eq(authUser.id, authSession.userId))
    .leftJoin(users, eq(users.id, authSession.userId))
    .leftJoin(vendorMembers, eq(vendorMembers.userId, authSession.userId))
    .leftJoin(vendors, eq(vendors.id, vendorMembers.vendorId))
    .where(eq(authSession.token, sql.placeholder('token')))
    .limit(1),
);

/**
 * The session of a sign-in token and its viewer, in one statement (decision 052): the session
 * row, Better Auth's user, the profile, the vendor membership and the vendor's status are all read
 * together on every signed-in request, so a revoked session, a disabled account, a removed staff
 * member or a suspended vendor are seen by the very next request. Null: no such session.
 */
export async function loadSessionViewer(db: Executor, sessionToken: string): Promise<SessionViewer | null> {
  const [row] = await sessionViewerRead(db).execute({ token: sessionToken });
  if (!row) return null;
  const { sessionUserId, expiresAt, userId, email, name, surname, verified } = row;
  return {
    userId: sessionUserId,
    expiresAt,
    // The profile's columns are null when its row is missing (a left join).
    viewer:
      userId === null || email === null || name === null || surname === null || verified === null
        ? null
        : toViewer({ ...row, userId, email, name, surname, verified }),
  };
}
