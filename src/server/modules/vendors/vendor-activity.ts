import { sql } from 'drizzle-orm';
import type { VendorDashboard } from '@shared/vendor-dashboard';
import type { Executor } from '@server/db/client';
import { describeForVendor } from '@server/modules/audit/audit-actions';
import { rows, toIso } from '@server/modules/vendor-analytics/sql-rows';

type Activity = VendorDashboard['recentActivity'][number];

/** "Ayesha K.": enough for a counter to recognise a regular, without the full name on the dashboard. */
function shortName(name: string, surname: string): string {
  return surname ? `${name} ${surname.charAt(0)}.` : name;
}

/**
 * The dashboard's recent activity: stamps, rewards earned and redeemed from their own tables,
 * and every other change from the vendor's audit log (stamp and reward audit rows would repeat
 * the first three, so they are left out).
 */
export async function recentVendorActivity(db: Executor, vendorId: string, limit = 10): Promise<Activity[]> {
  const stampRows = await rows<{ id: string; at: unknown; name: string; surname: string; card: string }>(
    db,
    sql`select s.id, s.issued_at as at, u.name, u.surname, c.name as card
        from stamps s join users u on u.id = s.user_id join loyalty_cards c on c.id = s.card_id
        where s.vendor_id = ${vendorId} order by s.issued_at desc limit ${limit}`,
  );
  const rewardRows = await rows<{
    id: string;
    earned_at: unknown;
    redeemed_at: unknown;
    name: string;
    surname: string;
    title: string;
  }>(
    db,
    sql`(select r.id, r.earned_at, r.redeemed_at, u.name, u.surname, r.reward_title as title
         from rewards r join users u on u.id = r.user_id
         where r.vendor_id = ${vendorId} and r.status = 'redeemed' order by r.redeemed_at desc limit ${limit})
        union
        (select r.id, r.earned_at, null, u.name, u.surname, r.reward_title
         from rewards r join users u on u.id = r.user_id
         where r.vendor_id = ${vendorId} order by r.earned_at desc limit ${limit})`,
  );
  const auditRows = await rows<{ id: string; at: unknown; action: string; metadata: Record<string, unknown> | string }>(
    db,
    sql`select a.id::text as id, a.created_at as at, a.action, a.metadata from audit_log a
        where a.vendor_id = ${vendorId} and a.action not like 'stamp.%' and a.action not like 'reward.%'
        order by a.created_at desc limit ${limit}`,
  );

  const items: Activity[] = [
    ...stampRows.map((row) => ({
      id: `stamp-${row.id}`,
      kind: 'stamp' as const,
      message: `${shortName(row.name, row.surname)} collected a stamp on ${row.card}`,
      at: toIso(row.at),
    })),
    ...rewardRows.map((row) =>
      row.redeemed_at
        ? {
            id: `redeemed-${row.id}`,
            kind: 'reward_redeemed' as const,
            message: `${shortName(row.name, row.surname)} redeemed ${row.title}`,
            at: toIso(row.redeemed_at),
          }
        : {
            id: `earned-${row.id}`,
            kind: 'reward_earned' as const,
            message: `${shortName(row.name, row.surname)} earned ${row.title}`,
            at: toIso(row.earned_at),
          },
    ),
    ...auditRows.flatMap((row) => {
      const metadata =
        typeof row.metadata === 'string' ? (JSON.parse(row.metadata) as Record<string, unknown>) : (row.metadata ?? {});
      const message = describeForVendor(row.action, metadata);
      return message ? [{ id: `audit-${row.id}`, kind: 'change' as const, message, at: toIso(row.at) }] : [];
    }),
  ];
  return items.sort((a, b) => b.at.localeCompare(a.at)).slice(0, limit);
}
