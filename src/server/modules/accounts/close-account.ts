import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { AccountClosing } from '@shared/accounts/accounts';
import { closedAccountEmail } from '@shared/accounts/phone';
import type { Database, Executor, Transaction } from '@server/db/client';
import {
  accountLinks,
  adminUsers,
  auditLog,
  authAccount,
  authSession,
  authTwoFactor,
  authUser,
  authVerification,
  emailLogs,
  emailMessages,
  textMessages,
  emailPreferences,
  phoneCodes,
  referralCodes,
  referrals,
  supportConversations,
  userDevices,
  users,
  vendorMembers,
  vendors,
} from '@server/db/schema';
import { conflict, notFound } from '@server/errors';
import { recordAudit, type AuditActor } from '@server/lib/record-audit';
import { serverText } from '@server/lib/texts';
import { endAccessWithoutSession } from './set-user-access';
import { hasPassword } from './two-factor-sessions';

type Blocker = NonNullable<AccountClosing['blocker']>;

/**
 * What must happen before an account can close: a vendor owner closes the business first (its
 * subscription ends with it, and its customers' cards stay with the closed business: vendor
 * Profile, Close Account), and an admin's rights are revoked first (ADMIN_EMAILS would otherwise
 * give them back to whoever signs up with the address). Staff just leave their team.
 */
async function closingBlocker(db: Executor, user: { id: string; email: string }): Promise<Blocker | null> {
  const [openShop] = await db
    .select({ id: vendors.id })
    .from(vendorMembers)
    .innerJoin(vendors, eq(vendors.id, vendorMembers.vendorId))
    .where(and(eq(vendorMembers.userId, user.id), eq(vendorMembers.role, 'owner'), isNull(vendors.closedAt)))
    .limit(1);
  if (openShop) return 'vendor_open';
  const [grant] = await db
    .select({ email: adminUsers.email })
    .from(adminUsers)
    .where(eq(adminUsers.email, user.email.toLowerCase()))
    .limit(1);
  return grant ? 'admin' : null;
}

function refusal(blocker: Blocker) {
  return blocker === 'vendor_open'
    ? conflict(serverText('account:close.vendorOpen'), 'vendor_open')
    : conflict(serverText('account:close.admin'), 'admin_account');
}

/**
 * What closing asks of this account: its password when it has one, else a code to its verified
 * number, else (Google only) the confirmation alone, as the vendor's Close Account asks.
 */
export async function accountClosingFacts(db: Database, userId: string): Promise<AccountClosing> {
  const [account] = await db
    .select({ id: authUser.id, email: authUser.email, phoneNumber: authUser.phoneNumber })
    .from(authUser)
    .where(eq(authUser.id, userId))
    .limit(1);
  if (!account) throw notFound(serverText('account:close.notFound'), 'user_not_found');
  const blocker = await closingBlocker(db, account);
  if (await hasPassword(db, userId)) return { proof: 'password', phoneNumber: null, blocker };
  if (account.phoneNumber) return { proof: 'phone_code', phoneNumber: account.phoneNumber, blocker };
  return { proof: 'none', phoneNumber: null, blocker };
}

export interface CloseAccountInput {
  userId: string;
  actor: AuditActor;
  /**
   * Who closes it: the person (recorded without their address, which goes with the account) or
   * an admin, whose deletion keeps its reason in the audit log.
   */
  byAdmin?: { reason: string };
  now: Date;
  /**
   * Runs in the transaction before the person's details are emptied, while the address is still
   * theirs (and after their earlier e-mails are deleted): the confirmation e-mail is written to
   * the outbox here, and stands or falls with the closing.
   */
  beforeEmptying?: (tx: Transaction, person: { id: string; email: string; name: string }) => Promise<void>;
}

/**
 * Closes an account in one transaction (the person's "Close account", or an admin's delete):
 * - what lets anyone act as the person goes: sessions, password and Google links, two-factor,
 *   pending links and phone codes, offline devices, push subscriptions, Wallet passes (with their
 *   registrations: the barcodes stop working);
 * - what only describes the person goes: e-mail preferences, the outbox's and the e-mail log's
 *   messages to them, the browsers seen for referrals, referral codes and referrals either way,
 *   team memberships, their e-mail address on the audit log's entries;
 * - the row itself stays, emptied (no name, address, number, city, birthday) and disabled for good,
 *   so the vendors' stamps, rewards, cards and ratings keep counting, naming nobody; every code
 *   reader refuses a disabled account's codes (stamps/read-code.ts).
 * `KEYED_TO_USERS` in close-account.test.ts holds every foreign key to an account and what
 * happens to it here, so a new table keyed to a person is decided the day it is added.
 */
export async function closeAccount(db: Database, input: CloseAccountInput): Promise<{ closedAt: string }> {
  const { userId, now } = input;
  return db.transaction(async (tx) => {
    const [person] = await tx
      .select({
        id: users.id,
        email: users.email,
        name: users.name,
        closedAt: users.closedAt,
        phoneNumber: authUser.phoneNumber,
      })
      .from(users)
      .innerJoin(authUser, eq(authUser.id, users.id))
      .where(eq(users.id, userId))
      .for('update', { of: users });
    if (!person || person.closedAt) throw notFound(serverText('account:close.notFound'), 'user_not_found');
    const blocker = await closingBlocker(tx, person);
    if (blocker) throw refusal(blocker);

    const address = person.email.toLowerCase();

    // Everything that lets someone act as the person.
    await tx.delete(authSession).where(eq(authSession.userId, userId));
    await tx.delete(authAccount).where(eq(authAccount.userId, userId));
    await tx.delete(authTwoFactor).where(eq(authTwoFactor.userId, userId));
    await tx.delete(accountLinks).where(eq(accountLinks.userId, userId));
    await tx
      .delete(authVerification)
      .where(
        or(
          eq(authVerification.value, userId),
          inArray(authVerification.identifier, [address, ...(person.phoneNumber ? [person.phoneNumber] : [])]),
        ),
      );
    if (person.phoneNumber) await tx.delete(phoneCodes).where(eq(phoneCodes.phoneNumber, person.phoneNumber));
    await endAccessWithoutSession(tx, userId);

    // Everything that only describes the person.
    await tx.delete(emailMessages).where(or(eq(emailMessages.userId, userId), eq(emailMessages.toEmail, address)));
    await tx.delete(emailLogs).where(eq(emailLogs.recipientEmail, address));
    // WhatsApp messages and SMS: the notices they chose, and every message to their number.
    await tx
      .delete(textMessages)
      .where(
        person.phoneNumber
          ? or(eq(textMessages.userId, userId), eq(textMessages.toPhone, person.phoneNumber))
          : eq(textMessages.userId, userId),
      );
    // The last e-mail to the address, written now that the earlier ones are gone.
    await input.beforeEmptying?.(tx, person);
    await tx.delete(emailPreferences).where(eq(emailPreferences.userId, userId));
    await tx.delete(userDevices).where(eq(userDevices.userId, userId));
    await tx.delete(referrals).where(or(eq(referrals.referrerUserId, userId), eq(referrals.friendUserId, userId)));
    await tx.delete(referralCodes).where(eq(referralCodes.userId, userId));
    await tx.delete(vendorMembers).where(eq(vendorMembers.userId, userId));
    // What they wrote to support describes them; their messages go with the conversation.
    await tx.delete(supportConversations).where(eq(supportConversations.requesterId, userId));
    await tx.update(auditLog).set({ actorEmail: null }).where(eq(auditLog.actorUserId, userId));

    // The row stays for the vendors' counts, naming nobody.
    const placeholder = closedAccountEmail(userId);
    await tx
      .update(authUser)
      .set({
        email: placeholder,
        name: '',
        surname: null,
        image: null,
        emailVerified: false,
        twoFactorEnabled: false,
        phoneNumber: null,
        phoneNumberVerified: false,
        updatedAt: now,
      })
      .where(eq(authUser.id, userId));
    await tx
      .update(users)
      .set({
        email: placeholder,
        name: '',
        surname: '',
        verified: false,
        phone: null,
        city: null,
        dateOfBirth: null,
        gender: null,
        language: null,
        disabledAt: sql`coalesce(${users.disabledAt}, ${now})`,
        closedAt: now,
        updatedAt: now,
      })
      .where(eq(users.id, userId));
    await recordAudit(tx, {
      actor: input.byAdmin ? input.actor : { userId: input.actor.userId, email: null },
      action: input.byAdmin ? 'user.delete' : 'user.close',
      targetType: 'user',
      targetId: userId,
      metadata: input.byAdmin ? { reason: input.byAdmin.reason } : {},
    });
    return { closedAt: now.toISOString() };
  });
}
