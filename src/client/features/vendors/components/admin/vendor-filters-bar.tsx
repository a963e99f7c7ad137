import { VENDOR_STATUS_FILTERS, type VendorFilters } from '@shared/admin-vendors';
import { CATEGORY_LABEL_KEYS, VENDOR_CATEGORIES } from '@shared/places';
import { PLANS } from '@shared/plans';
import { FormField, Input, Select } from '@client/components/ui/form-field';
import { useTranslation } from 'react-i18next';
import '@client/lib/admin-texts';

interface VendorFiltersBarProps {
  search: string;
  onSearch: (value: string) => void;
  filters: Omit<VendorFilters, 'search'>;
  onFilters: (filters: Omit<VendorFilters, 'search'>) => void;
}

const STATUS_LABEL = {
  all: 'admin:status.all',
  approved: 'admin:status.approved',
  pending: 'admin:status.pending',
  suspended: 'admin:status.suspended',
  rejected: 'admin:status.rejected',
} as const satisfies Record<VendorFilters['status'], string>;

/** The search box and the status, category and plan filters of SPEC.md's mock-up. */
export function VendorFiltersBar({ search, onSearch, filters, onFilters }: VendorFiltersBarProps) {
  const { t } = useTranslation('admin');
  return (
    <div className="grid gap-3 px-4 pb-4 sm:grid-cols-2 sm:px-6 lg:grid-cols-4">
      <FormField label={t('admin:filters.search')}>
        <Input
          type="search"
          placeholder={t('admin:filters.searchPlaceholder')}
          value={search}
          onChange={(event) => onSearch(event.target.value)}
        />
      </FormField>
      <FormField label={t('admin:filters.status')}>
        <Select
          value={filters.status}
          onChange={(event) => onFilters({ ...filters, status: event.target.value as VendorFilters['status'] })}
        >
          {VENDOR_STATUS_FILTERS.map((status) => (
            <option key={status} value={status}>
              {t(STATUS_LABEL[status])}
            </option>
          ))}
        </Select>
      </FormField>
      <FormField label={t('admin:filters.category')}>
        <Select
          value={filters.category}
          onChange={(event) => onFilters({ ...filters, category: event.target.value as VendorFilters['category'] })}
        >
          <option value="all">{t('admin:filters.allCategories')}</option>
          {VENDOR_CATEGORIES.map((category) => (
            <option key={category} value={category}>
              {t(CATEGORY_LABEL_KEYS[category])}
            </option>
          ))}
        </Select>
      </FormField>
      <FormField label={t('admin:filters.plan')}>
        <Select
          value={filters.plan}
          onChange={(event) => onFilters({ ...filters, plan: event.target.value as VendorFilters['plan'] })}
        >
          <option value="all">{t('admin:filters.allPlans')}</option>
          {PLANS.map((plan) => (
            <option key={plan.id} value={plan.id}>
              {plan.name}
            </option>
          ))}
        </Select>
      </FormField>
    </div>
  );
}
