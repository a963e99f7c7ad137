import { useTranslation } from '@client/lib/translation';
import { FormField, Select } from '@client/components/ui/form-field';
import { formatNumber } from '@shared/number-format';

/**
 * How many stamps this order gives (a family of four: 4), where the vendor allows several
 * (its most per order, `max`); nothing to choose when it allows one. The server checks it again.
 */
export function OrderQuantity({
  max,
  value,
  onChange,
}: {
  max: number;
  value: number;
  onChange: (quantity: number) => void;
}) {
  const { t } = useTranslation('vendor');
  if (max <= 1) return null;
  return (
    <FormField label={t('vendor:order.quantity')} className="sm:w-48">
      <Select value={String(Math.min(value, max))} onChange={(event) => onChange(Number(event.target.value))}>
        {Array.from({ length: max }, (_, index) => index + 1).map((quantity) => (
          <option key={quantity} value={quantity}>
            {formatNumber(quantity)}
          </option>
        ))}
      </Select>
    </FormField>
  );
}

/** The stamps of an order beyond the reward, which start the card's next round: said when there are any. */
export function CarriedStamps({ count }: { count: number }) {
  const { t } = useTranslation('vendor');
  if (count <= 0) return null;
  return <span className="mt-1 block">{t('vendor:order.carried', { count })}</span>;
}
