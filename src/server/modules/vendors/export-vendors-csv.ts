import type { VendorFilters } from '@shared/vendors/admin-vendors';
import { CATEGORY_LABELS } from '@shared/places';
import { planFor } from '@shared/billing/plans';
import type { Executor } from '@server/db/client';
import { recordAudit, type AuditActor } from '@server/lib/record-audit';
import { toCsv, type CsvValue } from '@server/lib/csv';
import { allMatchingVendors } from './list-admin-vendors';
import { VENDOR_STATUS_LABELS } from '@shared/vendors/admin-vendors';

const HEADER = [
  'Vendor',
  'Category',
  'City',
  'Area',
  'Contact e-mail',
  'Plan',
  'Subscription',
  'Active Cards',
  'Users',
  'Revenue (PKR)',
  'Status',
  'Joined',
];

/** Export Data: every vendor the table's filters match (not just the page on screen), as CSV. */
export async function exportVendorsCsv(db: Executor, filters: VendorFilters, actor: AuditActor): Promise<string> {
  const lines: CsvValue[][] = [HEADER];
  for await (const batch of allMatchingVendors(db, filters)) {
    for (const vendor of batch) {
      lines.push([
        vendor.businessName,
        CATEGORY_LABELS[vendor.businessCategory],
        vendor.city,
        vendor.area,
        vendor.contactEmail,
        planFor(vendor.plan).name,
        vendor.subscriptionStatus,
        vendor.activeCards,
        vendor.users,
        vendor.revenue,
        VENDOR_STATUS_LABELS[vendor.status],
        vendor.createdAt.slice(0, 10),
      ]);
    }
  }
  await recordAudit(db, {
    actor,
    action: 'vendors.export_csv',
    targetType: 'vendor_list',
    metadata: { filters, rows: lines.length - 1 },
  });
  return toCsv(lines);
}
