import { Eye, Pause, Pencil, Play, SearchX } from 'lucide-react';
import { useState } from 'react';
import type { AdminVendorRow, VendorFilters } from '@shared/vendors/admin-vendors';
import { formatPKR } from '@shared/number-format';
import { CATEGORY_LABEL_KEYS } from '@shared/places';
import { formatNumber } from '@shared/number-format';
import { Button } from '@client/components/ui/button';
import { ConfirmDialog } from '@client/components/ui/dialog';
import { EmptyState } from '@client/components/ui/empty-state';
import { TableCell, TableRow } from '@client/components/ui/table';
import { ApiError } from '@client/lib/api-client';
import { useAdminVendors } from '@client/features/vendors/api/list-vendors';
import { useChangeVendorSuspension } from '@client/features/vendors/api/suspend-vendor';
import { AdminListCard } from '@client/components/admin/admin-list-card';
import { AdminListTable } from '@client/components/admin/admin-list-table';
import { ReasonDialog } from '@client/components/admin/reason-dialog';
import { VendorStatusBadge } from '@client/components/admin/status-badges';
import { VendorDetailsDialog } from './vendor-details-dialog';
import { VendorEditDialog } from './vendor-edit-dialog';
import { VendorFiltersBar } from './vendor-filters-bar';
import { useTranslation } from '@client/lib/translation';
import '@client/lib/admin-texts';
import { usePlanTexts } from '@client/features/billing/use-plan-texts';
import { cityName } from '@client/components/place-options';

const PAGE_SIZE = 20;
/** Eight columns must fit beside the sidebar at 1280 px: narrower padding for the short ones. */
const TIGHT = { paddingInline: '0.625rem' } as const;

interface VendorsTableProps {
  search: string;
  onSearch: (value: string) => void;
  /** The debounced search plus the filters: what the server is asked for. */
  filters: VendorFilters;
  onFilters: (filters: Omit<VendorFilters, 'search'>) => void;
  page: number;
  onPage: (page: number) => void;
  onResult: (tone: 'success' | 'error', text: string) => void;
}

/** All Vendors: paged on the server, with View, Edit and Suspend or Unsuspend per row. */
export function VendorsTable({ search, onSearch, filters, onFilters, page, onPage, onResult }: VendorsTableProps) {
  const { t } = useTranslation('admin');
  const plans = usePlanTexts();
  const list = useAdminVendors({ ...filters, page, pageSize: PAGE_SIZE });
  const suspension = useChangeVendorSuspension();
  const [viewing, setViewing] = useState<string | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const [suspending, setSuspending] = useState<AdminVendorRow | null>(null);
  const [unsuspending, setUnsuspending] = useState<AdminVendorRow | null>(null);
  const { search: _search, ...selects } = filters;

  const changeSuspension = (vendor: AdminVendorRow, reason: string | null) =>
    suspension.mutate(
      reason === null
        ? { vendorId: vendor.id, action: 'unsuspend' }
        : { vendorId: vendor.id, action: 'suspend', reason },
      {
        onSuccess: () => {
          setSuspending(null);
          setUnsuspending(null);
          onResult(
            'success',
            reason === null
              ? t('admin:table.activeAgain', { name: vendor.businessName })
              : t('admin:table.suspended', { name: vendor.businessName }),
          );
        },
        onError: (error) => {
          setSuspending(null);
          setUnsuspending(null);
          onResult('error', error instanceof ApiError ? error.message : t('admin:table.failed'));
        },
      },
    );

  return (
    <AdminListCard title={t('admin:table.title')} total={list.data?.total}>
      <VendorFiltersBar search={search} onSearch={onSearch} filters={selects} onFilters={onFilters} />
      <AdminListTable
        list={list}
        rows={list.data?.vendors ?? []}
        label={t('admin:table.label')}
        busy={list.isFetching}
        loadingLabel={t('admin:table.loading')}
        errorText={t('admin:table.error')}
        emptyState={
          <EmptyState icon={<SearchX />} title={t('admin:table.noneTitle')} text={t('admin:table.noneText')} />
        }
        columns={[
          t('admin:table.colVendor'),
          t('admin:table.colCategory'),
          t('admin:table.colPlan'),
          t('admin:table.colActiveCards'),
          t('admin:table.colUsers'),
          t('admin:table.colRevenue'),
          t('admin:table.colStatus'),
          t('admin:table.colActions'),
        ]}
        alignEnd={[t('admin:table.colActions')]}
        styleOf={(column) => (column === t('admin:table.colVendor') ? undefined : TIGHT)}
        onPage={onPage}
        renderRow={(vendor) => (
          <TableRow key={vendor.id}>
            <TableCell className="max-w-60 whitespace-normal">
              <div className="flex items-center gap-2">
                <span aria-hidden="true" className="text-xl">
                  {vendor.logo}
                </span>
                <div className="min-w-0">
                  <p className="font-semibold text-stone-900">{vendor.businessName}</p>
                  <p className="text-xs text-stone-500">{cityName(vendor.city, t)}</p>
                </div>
              </div>
            </TableCell>
            <TableCell style={TIGHT}>{t(CATEGORY_LABEL_KEYS[vendor.businessCategory])}</TableCell>
            <TableCell style={TIGHT}>{plans.name(vendor.plan)}</TableCell>
            <TableCell style={TIGHT} className="tabular-nums">
              {vendor.activeCards}
            </TableCell>
            <TableCell style={TIGHT} className="tabular-nums">
              {formatNumber(vendor.users)}
            </TableCell>
            <TableCell style={TIGHT} className="tabular-nums">
              {formatPKR(vendor.revenue)}
            </TableCell>
            <TableCell style={TIGHT}>
              <VendorStatusBadge status={vendor.status} />
            </TableCell>
            <TableCell style={TIGHT}>
              <div className="flex justify-end">
                <Button
                  variant="ghost"
                  size="sm"
                  title={t('admin:table.view')}
                  onClick={() => setViewing(vendor.id)}
                  aria-label={t('admin:table.viewOf', { name: vendor.businessName })}
                >
                  <Eye aria-hidden="true" />
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  title={t('admin:table.edit')}
                  onClick={() => setEditing(vendor.id)}
                  aria-label={t('admin:table.editOf', { name: vendor.businessName })}
                >
                  <Pencil aria-hidden="true" />
                </Button>
                {vendor.status === 'suspended' ? (
                  <Button
                    variant="ghost"
                    size="sm"
                    title={t('admin:table.unsuspend')}
                    onClick={() => setUnsuspending(vendor)}
                    aria-label={t('admin:table.unsuspendOf', { name: vendor.businessName })}
                  >
                    <Play aria-hidden="true" />
                  </Button>
                ) : (
                  <Button
                    variant="ghost"
                    size="sm"
                    disabled={vendor.status !== 'approved'}
                    title={vendor.status !== 'approved' ? t('admin:table.onlyActive') : t('admin:table.suspend')}
                    onClick={() => setSuspending(vendor)}
                    aria-label={t('admin:table.suspendOf', { name: vendor.businessName })}
                  >
                    <Pause aria-hidden="true" />
                  </Button>
                )}
              </div>
            </TableCell>
          </TableRow>
        )}
      />
      <VendorDetailsDialog vendorId={viewing} onOpenChange={(open) => (open ? undefined : setViewing(null))} />
      <VendorEditDialog
        vendorId={editing}
        onOpenChange={(open) => (open ? undefined : setEditing(null))}
        onSaved={() => {
          setEditing(null);
          onResult('success', t('admin:table.saved'));
        }}
      />
      <ReasonDialog
        open={suspending !== null}
        onOpenChange={(open) => (open ? undefined : setSuspending(null))}
        title={suspending ? t('admin:table.suspendTitle', { name: suspending.businessName }) : t('admin:table.suspend')}
        text={t('admin:table.suspendText')}
        confirmLabel={t('admin:table.suspend')}
        required
        busy={suspension.isPending}
        onConfirm={(reason) => suspending && changeSuspension(suspending, reason)}
      />
      <ConfirmDialog
        open={unsuspending !== null}
        onOpenChange={(open) => (open ? undefined : setUnsuspending(null))}
        title={
          unsuspending
            ? t('admin:table.unsuspendTitle', { name: unsuspending.businessName })
            : t('admin:table.unsuspend')
        }
        text={t('admin:table.unsuspendText')}
        confirmLabel={t('admin:table.unsuspend')}
        busy={suspension.isPending}
        onConfirm={() => unsuspending && changeSuspension(unsuspending, null)}
      />
    </AdminListCard>
  );
}
