import { useTranslation } from '@client/lib/translation';
import { CATEGORY_LABEL_KEYS, CITIES, VENDOR_CATEGORIES } from '@shared/places';

/** The options of a business-category select, in the reader's language. */
export function VendorCategoryOptions() {
  const { t } = useTranslation('common');
  return VENDOR_CATEGORIES.map((category) => (
    <option key={category} value={category}>
      {t(CATEGORY_LABEL_KEYS[category])}
    </option>
  ));
}

/** The options of a city select: the cities Chaska serves. */
export function CityOptions() {
  return CITIES.map((city) => (
    <option key={city} value={city}>
      {city}
    </option>
  ));
}
