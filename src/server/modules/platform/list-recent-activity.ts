import { and, desc, eq, notLike, sql } from 'drizzle-orm';
import type { ActivityItem } from '@shared/platform/admin-dashboard';
import type { Executor } from '@server/db/client';
import { auditLog, users, vendors } from '@server/db/schema';
import { describeForAdmin } from '@server/lib/audit-actions';
import { serverText } from '@server/lib/texts';

/** The name of what an entry is about: its own metadata first, then the person or business it names. */
function subjectOf(
  action: string,
  metadata: Record<string, unknown>,
  names: { user: string | null; vendor: string | null },
): string {
  // A card's own name says more than its vendor's; for everything else the business comes first.
  const keys = action.startsWith('card.') ? ['name', 'businessName'] : ['businessName', 'name'];
  for (const key of [...keys, 'email', 'path', 'key', 'rewardTitle']) {
    const value = metadata[key];
    if (typeof value === 'string' && value) return value;
  }
  return names.user ?? names.vendor ?? serverText('admin:audit.anItem');
}

function describeAuditEntry(
  action: string,
  metadata: Record<string, unknown>,
  names: { user: string | null; vendor: string | null },
): string {
  return describeForAdmin(action, subjectOf(action, metadata, names), metadata);
}

const UUID_PATTERN = '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';

/**
 * The newest entries of the audit log for the dashboard feed. Stamps are left out: at a busy
 * counter they would bury every other event, and analytics counts them anyway.
 */
export async function listRecentActivity(db: Executor, limit: number): Promise<ActivityItem[]> {
  // Entries name people and businesses by id; the feed reads their names (never an id).
  const entries = await db
    .select({
      entry: auditLog,
      userName: sql<string | null>`nullif(trim(${users.name} || ' ' || ${users.surname}), '')`,
      vendorName: vendors.businessName,
    })
    .from(auditLog)
    .leftJoin(users, and(eq(auditLog.targetType, 'user'), eq(users.id, auditLog.targetId)))
    // audit_log.vendor_id is text: cast it (when it is an id at all) rather than every vendor's id,
    // so each entry's vendor is one lookup of vendors' key, not a scan of every vendor.
    .leftJoin(
      vendors,
      sql`${vendors.id} = case when ${auditLog.vendorId} ~* ${UUID_PATTERN} then ${auditLog.vendorId}::uuid end`,
    )
    .where(notLike(auditLog.action, 'stamp.%'))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit);
  return entries.map(({ entry, userName, vendorName }) => ({
    id: String(entry.id),
    type: entry.action,
    message: describeAuditEntry(entry.action, entry.metadata, { user: userName, vendor: vendorName }),
    timestamp: entry.createdAt.toISOString(),
    actorEmail: entry.actorEmail,
    metadata: entry.metadata,
  }));
}
