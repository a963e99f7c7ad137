import { useState } from 'react';
import type { PlanId } from '@shared/plans';
import { FormField, Input, Select } from '@client/components/ui/form-field';
import { useVendorOptions } from '@client/features/vendors/api/get-vendor-options';
import { useDebouncedValue } from '@client/components/admin/use-debounced-value';
import { withIndefiniteArticle } from '@shared/wording';

interface VendorPickerProps {
  value: string;
  onChange: (vendorId: string) => void;
  error?: string;
  /** Only vendors on this plan (API keys are for Enterprise). */
  plan?: PlanId;
  disabled?: boolean;
  label?: string;
}

/** Picks an approved vendor: a search narrows the list, so ten thousand vendors stay usable. */
export function VendorPicker({ value, onChange, error, plan, disabled, label = 'Vendor' }: VendorPickerProps) {
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search.trim());
  const options = useVendorOptions(debounced, plan);
  const vendors = options.data?.vendors ?? [];
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <FormField label={`Find ${withIndefiniteArticle(label.toLowerCase())}`} hint="Type part of the business name.">
        <Input type="search" value={search} disabled={disabled} onChange={(event) => setSearch(event.target.value)} />
      </FormField>
      <FormField label={label} required error={error}>
        <Select value={value} disabled={disabled} onChange={(event) => onChange(event.target.value)}>
          <option value="">
            {options.isPending ? 'Loading vendors…' : vendors.length ? 'Choose a vendor' : 'No approved vendor matches'}
          </option>
          {vendors.map((vendor) => (
            <option key={vendor.id} value={vendor.id}>
              {vendor.name} · {vendor.city}
            </option>
          ))}
        </Select>
      </FormField>
    </div>
  );
}
