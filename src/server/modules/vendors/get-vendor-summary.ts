import { sql } from 'drizzle-orm';
import type { VendorSummary } from '@shared/vendors/admin-vendors';
import type { Executor } from '@server/db/client';
import { qualified } from '@server/db/qualified';
import { vendors } from '@server/db/schema';
import { startOfPakistanMonth } from '@shared/pakistan-time';
import { rows } from '@server/db/sql-rows';
import { isPublicVendor } from '@server/modules/vendors/public-vendor';
import { monthlyRevenueSql } from '@server/modules/billing/list-payments';

/** The four tiles of Vendors Management: one pass over vendors by status, plus this month's revenue. */
export async function getVendorSummary(db: Executor, now: Date): Promise<VendorSummary> {
  const [row] = await rows<Record<string, number | string>>(
    db,
    sql`select
      (select count(*) from ${vendors})::int as "totalVendors",
      (select count(*) from ${vendors} where ${qualified(vendors.status)} = 'pending')::int as "pendingApplications",
      (select count(*) from ${vendors} where ${isPublicVendor()})::int as "activeVendors",
      ${monthlyRevenueSql(startOfPakistanMonth(now))} as "monthlyRevenue"`,
  );
  return {
    totalVendors: Number(row?.totalVendors ?? 0),
    pendingApplications: Number(row?.pendingApplications ?? 0),
    activeVendors: Number(row?.activeVendors ?? 0),
    monthlyRevenue: Number(row?.monthlyRevenue ?? 0),
  };
}
