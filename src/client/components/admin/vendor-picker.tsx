import { useState } from 'react';
import type { PlanId } from '@shared/billing/plans';
import { FormField, Input, Select } from '@client/components/ui/form-field';
import { useVendorOptions } from '@client/components/admin/use-vendor-options';
import { useDebouncedValue } from '@client/components/admin/use-debounced-value';
import { useTranslation } from '@client/lib/translation';
import '@client/lib/admin-texts';
import { cityName } from '@client/components/place-options';

interface VendorPickerProps {
  value: string;
  onChange: (vendorId: string) => void;
  error?: string;
  /** Only vendors on this plan (API keys are for Enterprise). */
  plan?: PlanId;
  disabled?: boolean;
  label?: string;
  /** The search box's label: "Find a vendor" unless a label names another kind of vendor. */
  findLabel?: string;
}

/** Picks an approved vendor: a search narrows the list, so ten thousand vendors stay usable. */
export function VendorPicker({ value, onChange, error, plan, disabled, label, findLabel }: VendorPickerProps) {
  const { t } = useTranslation('admin');
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search.trim());
  const options = useVendorOptions(debounced, plan);
  const vendors = options.data?.vendors ?? [];
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <FormField label={findLabel ?? t('admin:picker.find')} hint={t('admin:picker.hint')}>
        <Input type="search" value={search} disabled={disabled} onChange={(event) => setSearch(event.target.value)} />
      </FormField>
      <FormField label={label ?? t('admin:picker.vendor')} required error={error}>
        <Select value={value} disabled={disabled} onChange={(event) => onChange(event.target.value)}>
          <option value="">
            {options.isPending
              ? t('admin:picker.loading')
              : vendors.length
                ? t('admin:picker.choose')
                : t('admin:picker.none')}
          </option>
          {vendors.map((vendor) => (
            <option key={vendor.id} value={vendor.id}>
              {vendor.name} · {cityName(vendor.city, t)}
            </option>
          ))}
        </Select>
      </FormField>
    </div>
  );
}
