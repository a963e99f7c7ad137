import { sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { emailPreferences } from '@server/db/schema';
import { EMAIL_CLASS_BY_TYPE } from './can-send-email';

const ep = alias(emailPreferences, 'ep');

/**
 * The SQL twin of `canSendEmail(preferences, 'vendor_message')` for the user in `userId` (a column
 * of the outer query): preferences exist, not unsubscribed, frequency not "never", vendor updates
 * on. Used to count and choose a campaign's audience; the outbox still decides each e-mail with
 * canSendEmail itself (a preference changed between the two is a skipped e-mail, never a sent one).
 */
export function acceptsVendorMessagesSql(userId: SQL): SQL {
  const emailClass = EMAIL_CLASS_BY_TYPE.vendor_message;
  if (emailClass.kind !== 'flag' || emailClass.flag !== 'vendorUpdates')
    throw new Error('vendor_message is no longer gated by vendorUpdates: update acceptsVendorMessagesSql.');
  return sql`exists (select 1 from ${emailPreferences} as ${ep} where ${ep.userId} = ${userId} and not ${ep.unsubscribed} and ${ep.frequency} <> 'never' and ${ep.vendorUpdates})`;
}
