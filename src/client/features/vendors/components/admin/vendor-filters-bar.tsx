import { VENDOR_STATUS_FILTERS, type VendorFilters } from '@shared/vendors/admin-vendors';
import { CATEGORY_LABEL_KEYS, VENDOR_CATEGORIES } from '@shared/places';
import { PLANS } from '@shared/billing/plans';
import { AdminFiltersBar, SearchFilter, SelectFilter } from '@client/components/admin/admin-list-filters';
import { VENDOR_STATUS_LABEL } from '@client/components/admin/status-badges';
import { useTranslation } from '@client/lib/translation';
import '@client/lib/admin-texts';
import { usePlanTexts } from '@client/features/billing/use-plan-texts';

interface VendorFiltersBarProps {
  search: string;
  onSearch: (value: string) => void;
  filters: Omit<VendorFilters, 'search'>;
  onFilters: (filters: Omit<VendorFilters, 'search'>) => void;
}

const STATUS_LABEL = {
  all: 'admin:status.all',
  ...VENDOR_STATUS_LABEL,
} as const satisfies Record<VendorFilters['status'], string>;

/** The search box and the status, category and plan filters of SPEC.md's mock-up. */
export function VendorFiltersBar({ search, onSearch, filters, onFilters }: VendorFiltersBarProps) {
  const { t } = useTranslation('admin');
  const plans = usePlanTexts();
  return (
    <AdminFiltersBar className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
      <SearchFilter
        label={t('admin:filters.search')}
        placeholder={t('admin:filters.searchPlaceholder')}
        value={search}
        onChange={onSearch}
      />
      <SelectFilter
        label={t('admin:filters.status')}
        value={filters.status}
        onChange={(status) => onFilters({ ...filters, status })}
        options={VENDOR_STATUS_FILTERS.map((status) => ({ value: status, label: t(STATUS_LABEL[status]) }))}
      />
      <SelectFilter
        label={t('admin:filters.category')}
        value={filters.category}
        onChange={(category) => onFilters({ ...filters, category })}
        allLabel={t('admin:filters.allCategories')}
        options={VENDOR_CATEGORIES.map((category) => ({ value: category, label: t(CATEGORY_LABEL_KEYS[category]) }))}
      />
      <SelectFilter
        label={t('admin:filters.plan')}
        value={filters.plan}
        onChange={(plan) => onFilters({ ...filters, plan })}
        allLabel={t('admin:filters.allPlans')}
        options={PLANS.map((plan) => ({ value: plan.id, label: plans.name(plan.id) }))}
      />
    </AdminFiltersBar>
  );
}
