import { useTranslation } from '@client/lib/translation';
import { formatWallClockTime } from '@shared/pakistan-time';
import { WEEKDAYS, type OpeningHours as OpeningHoursData, type Weekday } from '@shared/vendors/vendors';
import '@client/features/marketplace/marketplace-texts';

const DAY_KEYS: Record<Weekday, string> = {
  monday: 'marketplace:hours.monday',
  tuesday: 'marketplace:hours.tuesday',
  wednesday: 'marketplace:hours.wednesday',
  thursday: 'marketplace:hours.thursday',
  friday: 'marketplace:hours.friday',
  saturday: 'marketplace:hours.saturday',
  sunday: 'marketplace:hours.sunday',
};

/** The week of a vendor, or "Hours not listed" when the vendor has not set it. */
export function OpeningHours({ hours }: { hours: OpeningHoursData | null }) {
  const { t } = useTranslation('marketplace');
  if (!hours) return <p className="text-sm text-stone-600">{t('marketplace:hours.notListed')}</p>;
  return (
    <dl className="divide-y divide-stone-100 text-sm">
      {WEEKDAYS.map((day) => {
        const entry = hours[day];
        return (
          <div key={day} className="flex justify-between gap-4 py-2">
            <dt className="font-medium text-stone-800">{t(DAY_KEYS[day])}</dt>
            <dd className={entry.closed ? 'text-stone-500' : 'text-stone-900 tabular-nums'}>
              {entry.closed
                ? t('marketplace:hours.closed')
                : t('marketplace:hours.range', {
                    open: formatWallClockTime(entry.open),
                    close: formatWallClockTime(entry.close),
                  })}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
