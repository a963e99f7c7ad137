import { useTranslation, type TFunction } from '@client/lib/translation';
import { CATEGORY_LABEL_KEYS, CITIES, cityLabelKey, VENDOR_CATEGORIES } from '@shared/places';

/** The options of a business-category select, in the reader's language. */
export function VendorCategoryOptions() {
  const { t } = useTranslation('common');
  return VENDOR_CATEGORIES.map((category) => (
    <option key={category} value={category}>
      {t(CATEGORY_LABEL_KEYS[category])}
    </option>
  ));
}

/** A city's name in the reader's language ("لاہور" for Lahore); a place outside the list as written. */
export function cityName(city: string, t: TFunction): string {
  const key = cityLabelKey(city);
  return key ? t(key) : city;
}

/** The options of a city select: the cities Chaska serves, named in the reader's language. */
export function CityOptions() {
  const { t } = useTranslation('common');
  return CITIES.map((city) => (
    <option key={city} value={city}>
      {cityName(city, t)}
    </option>
  ));
}
