import { desc, notLike } from 'drizzle-orm';
import type { ActivityItem } from '../../../shared/admin-dashboard';
import type { Executor } from '../../db/client';
import { auditLog } from '../../db/schema';

type Describe = (target: string) => string;

/** How each audit action reads in the feed; the target is the business, card or person acted on. */
const ACTION_TEXT: Record<string, Describe> = {
  'vendor.apply': (target) => `New vendor application from ${target}`,
  'vendor.approve': (target) => `Vendor ${target} approved`,
  'vendor.reject': (target) => `Vendor ${target} rejected`,
  'vendor.suspend': (target) => `Vendor ${target} suspended`,
  'vendor.unsuspend': (target) => `Vendor ${target} unsuspended`,
  'vendor.admin_update': (target) => `Vendor ${target} edited by an admin`,
  'vendor.profile_update': (target) => `Vendor ${target} updated its profile`,
  'vendor.close': (target) => `Vendor ${target} closed its account`,
  'vendor.invite': (target) => `Vendor invitation sent to ${target}`,
  'vendors.export_csv': () => 'Vendor list exported as CSV',
  'card.create': (target) => `Card ${target} created`,
  'card.update': (target) => `Card ${target} edited`,
  'card.activate': (target) => `Card ${target} activated`,
  'card.pause': (target) => `Card ${target} paused`,
  'card.archive': (target) => `Card ${target} removed`,
  'card.delete': (target) => `Card ${target} deleted`,
  'card.admin_pause': (target) => `Card ${target} paused by an admin`,
  'card.admin_remove': (target) => `Card ${target} removed by an admin`,
  'card.admin_restore': (target) => `Card ${target} restored by an admin`,
  'card.daily_chaska_create': (target) => `Daily Chaska card ${target} created`,
  'card.featured_order': (target) => `Featured order of ${target} changed`,
  'user.disable': (target) => `User ${target} disabled`,
  'user.enable': (target) => `User ${target} enabled`,
  'admin.grant': (target) => `Admin rights granted to ${target}`,
  'admin.revoke': (target) => `Admin rights revoked from ${target}`,
  'reward.redeem': (target) => `Reward ${target} redeemed`,
  'seo.update': (target) => `SEO title and description of ${target} saved`,
  'seo.reset': (target) => `SEO title and description of ${target} reset`,
  'text.update': (target) => `Text ${target} changed`,
  'text.reset': (target) => `Text ${target} reset to its default`,
  'api_key.create': (target) => `API key ${target} created`,
  'api_key.revoke': (target) => `API key ${target} revoked`,
  'staff.invite': (target) => `Staff invitation sent to ${target}`,
  'staff.join': (target) => `${target} joined a vendor's staff`,
  'staff.remove': (target) => `${target} removed from a vendor's staff`,
};

function targetName(action: string, metadata: Record<string, unknown>, fallback: string | null): string {
  // A card's own name says more than its vendor's; for everything else the business comes first.
  const keys = action.startsWith('card.') ? ['name', 'businessName'] : ['businessName', 'name'];
  for (const key of [...keys, 'email', 'path', 'key', 'rewardTitle']) {
    const value = metadata[key];
    if (typeof value === 'string' && value) return value;
  }
  return fallback ?? 'an item';
}

export function describeAuditEntry(action: string, metadata: Record<string, unknown>, targetId: string | null): string {
  const describe = ACTION_TEXT[action];
  const target = targetName(action, metadata, targetId);
  return describe ? describe(target) : `${action.replace(/[._]/g, ' ')}: ${target}`;
}

/**
 * The newest entries of the audit log for the dashboard feed. Stamps are left out: at a busy
 * counter they would bury every other event, and analytics counts them anyway.
 */
export async function listRecentActivity(db: Executor, limit: number): Promise<ActivityItem[]> {
  const entries = await db
    .select()
    .from(auditLog)
    .where(notLike(auditLog.action, 'stamp.%'))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit);
  return entries.map((entry) => ({
    id: String(entry.id),
    type: entry.action,
    message: describeAuditEntry(entry.action, entry.metadata, entry.targetId),
    timestamp: entry.createdAt.toISOString(),
    actorEmail: entry.actorEmail,
    metadata: entry.metadata,
  }));
}
