import { useWatch, type FieldErrors, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from '@client/lib/translation';
import { WEEKDAYS, type OpeningHours, type Weekday } from '@shared/vendors/vendors';
import { FormField, Input } from '@client/components/ui/form-field';

const WEEKDAY_KEYS: Record<Weekday, string> = {
  monday: 'vendor:weekday.monday',
  tuesday: 'vendor:weekday.tuesday',
  wednesday: 'vendor:weekday.wednesday',
  thursday: 'vendor:weekday.thursday',
  friday: 'vendor:weekday.friday',
  saturday: 'vendor:weekday.saturday',
  sunday: 'vendor:weekday.sunday',
};

/**
 * The seven days' opening and closing times with a Closed box each, for any form with an
 * `openingHours` field: the vendor's profile and each branch (decision 084).
 */
export function OpeningHoursFields<T extends FieldValues & { openingHours: OpeningHours }>({
  form,
}: {
  form: UseFormReturn<T, unknown, T>;
}) {
  const { t } = useTranslation('vendor');
  const hours = useWatch({ control: form.control, name: 'openingHours' as Path<T> }) as OpeningHours | undefined;
  const errors = form.formState.errors as FieldErrors<{ openingHours: OpeningHours }>;
  const field = (name: `${Weekday}.${'open' | 'close' | 'closed'}`) => form.register(`openingHours.${name}` as Path<T>);
  return (
    <fieldset className="min-w-0">
      <legend className="mb-2 text-sm font-semibold text-stone-900">{t('vendor:profile.openingHours')}</legend>
      <div className="flex flex-col divide-y divide-stone-100">
        {WEEKDAYS.map((day) => {
          const closed = hours?.[day]?.closed ?? false;
          const dayErrors = errors.openingHours?.[day];
          return (
            <div
              key={day}
              className="grid grid-cols-[6.5rem_1fr] items-center gap-x-3 gap-y-1 py-2 sm:grid-cols-[8rem_1fr_1fr_auto]"
            >
              <span className="text-sm font-medium text-stone-800">{t(WEEKDAY_KEYS[day])}</span>
              <label className="col-start-2 flex items-center gap-2 text-sm sm:col-start-4 sm:row-start-1">
                <input type="checkbox" className="size-4 accent-brand-700" {...field(`${day}.closed`)} />
                {/* Seven boxes read "Closed" on screen; a screen reader hears whose day it is. */}
                <span className="sr-only">{t(WEEKDAY_KEYS[day])}</span> {t('vendor:profile.closed')}
              </label>
              <div className="col-span-2 grid grid-cols-2 gap-3 sm:col-span-2 sm:col-start-2 sm:row-start-1">
                <FormField
                  label={
                    <span className="sr-only sm:not-sr-only sm:text-xs">
                      {t('vendor:profile.dayFrom', { day: t(WEEKDAY_KEYS[day]) })}
                    </span>
                  }
                  error={dayErrors?.open?.message}
                >
                  <Input type="time" disabled={closed} {...field(`${day}.open`)} />
                </FormField>
                <FormField
                  label={
                    <span className="sr-only sm:not-sr-only sm:text-xs">
                      {t('vendor:profile.dayTo', { day: t(WEEKDAY_KEYS[day]) })}
                    </span>
                  }
                  error={dayErrors?.close?.message}
                >
                  <Input type="time" disabled={closed} {...field(`${day}.close`)} />
                </FormField>
              </div>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
