import { VENDOR_STATUS_FILTER_LABELS, VENDOR_STATUS_FILTERS, type VendorFilters } from '@shared/admin-vendors';
import { CATEGORY_LABELS, VENDOR_CATEGORIES } from '@shared/places';
import { PLANS } from '@shared/plans';
import { FormField, Input, Select } from '@client/components/ui/form-field';

interface VendorFiltersBarProps {
  search: string;
  onSearch: (value: string) => void;
  filters: Omit<VendorFilters, 'search'>;
  onFilters: (filters: Omit<VendorFilters, 'search'>) => void;
}

/** The search box and the status, category and plan filters of SPEC.md's mock-up. */
export function VendorFiltersBar({ search, onSearch, filters, onFilters }: VendorFiltersBarProps) {
  return (
    <div className="grid gap-3 px-4 pb-4 sm:grid-cols-2 sm:px-6 lg:grid-cols-4">
      <FormField label="Search">
        <Input
          type="search"
          placeholder="Name, e-mail or category"
          value={search}
          onChange={(event) => onSearch(event.target.value)}
        />
      </FormField>
      <FormField label="Status">
        <Select
          value={filters.status}
          onChange={(event) => onFilters({ ...filters, status: event.target.value as VendorFilters['status'] })}
        >
          {VENDOR_STATUS_FILTERS.map((status) => (
            <option key={status} value={status}>
              {VENDOR_STATUS_FILTER_LABELS[status]}
            </option>
          ))}
        </Select>
      </FormField>
      <FormField label="Category">
        <Select
          value={filters.category}
          onChange={(event) => onFilters({ ...filters, category: event.target.value as VendorFilters['category'] })}
        >
          <option value="all">All categories</option>
          {VENDOR_CATEGORIES.map((category) => (
            <option key={category} value={category}>
              {CATEGORY_LABELS[category]}
            </option>
          ))}
        </Select>
      </FormField>
      <FormField label="Plan">
        <Select
          value={filters.plan}
          onChange={(event) => onFilters({ ...filters, plan: event.target.value as VendorFilters['plan'] })}
        >
          <option value="all">All plans</option>
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
