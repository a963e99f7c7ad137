import { WEEKDAYS, type OpeningHours as OpeningHoursData } from '@shared/vendors';

function dayLabel(day: string): string {
  return day.charAt(0).toUpperCase() + day.slice(1);
}

/** The week of a vendor, or "Hours not listed" when the vendor has not set it. */
export function OpeningHours({ hours }: { hours: OpeningHoursData | null }) {
  if (!hours) return <p className="text-sm text-stone-600">Hours not listed</p>;
  return (
    <dl className="divide-y divide-stone-100 text-sm">
      {WEEKDAYS.map((day) => {
        const entry = hours[day];
        return (
          <div key={day} className="flex justify-between gap-4 py-2">
            <dt className="font-medium text-stone-800">{dayLabel(day)}</dt>
            <dd className={entry.closed ? 'text-stone-500' : 'text-stone-900 tabular-nums'}>
              {entry.closed ? 'Closed' : `${entry.open} – ${entry.close}`}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
