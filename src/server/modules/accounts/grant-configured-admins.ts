import type { Executor } from '@server/db/client';
import { adminUsers } from '@server/db/schema';

/** ADMIN_EMAILS grants admin at start; existing grants are kept. */
export async function grantConfiguredAdmins(db: Executor, emails: readonly string[]): Promise<void> {
  if (emails.length === 0) return;
  await db
    .insert(adminUsers)
    .values(emails.map((email) => ({ email: email.toLowerCase(), role: 'admin', grantedBy: 'ADMIN_EMAILS' })))
    .onConflictDoNothing();
}
