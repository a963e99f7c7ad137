import { eq, sql } from 'drizzle-orm';
import { isLanguage, type Language } from '@shared/i18n/languages';
import type { VendorMemberRole, VendorStatus } from '@shared/vendors';
import type { Executor } from '@server/db/client';
import { adminUsers, authUser, users, vendorMembers, vendors } from '@server/db/schema';

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

export async function loadViewer(db: Executor, userId: string): Promise<Viewer | null> {
  const [row] = await db
    .select({
      userId: users.id,
      email: users.email,
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
    })
    .from(users)
    .innerJoin(authUser, eq(authUser.id, users.id))
    .leftJoin(vendorMembers, eq(vendorMembers.userId, users.id))
    .leftJoin(vendors, eq(vendors.id, vendorMembers.vendorId))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) return null;
  return {
    userId: row.userId,
    email: row.email,
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
