import { LocateFixed } from 'lucide-react';
import { useState } from 'react';
import { CITIES, isInPakistan, type City } from '@shared/places';
import { Button } from '@client/components/ui/button';
import { FormField, Select } from '@client/components/ui/form-field';
import { CityOptions, cityName } from '@client/components/place-options';
import type { NearPoint } from '@client/features/marketplace/api/list-public-cards';
import { useTranslation } from '@client/lib/translation';
import { useInteractive } from '@client/lib/use-browser-value';
import { nearPointOf } from './near-me';
import '@client/features/marketplace/marketplace-texts';

/** How long the phone may take to find the customer before the city choice is offered. */
const LOCATE_TIMEOUT_MS = 10_000;
/** A position found in the last five minutes is good enough to sort shops by. */
const LOCATE_MAX_AGE_MS = 5 * 60_000;

interface NearMeControlProps {
  value: NearPoint | null;
  onChange: (near: NearPoint | null) => void;
}

/**
 * "Near me" (decision 088): the browser is asked for the position only when the customer taps
 * the button, never on arrival. Refused, unavailable or too slow, the customer chooses a city
 * and the listing measures from its centre.
 */
export function NearMeControl({ value, onChange }: NearMeControlProps) {
  const { t } = useTranslation('marketplace');
  const [state, setState] = useState<'idle' | 'locating' | 'choosing'>('idle');
  // It asks the browser, which only the script can: off until the page is interactive (decision 059).
  const interactive = useInteractive();

  const locate = () => {
    if (!('geolocation' in navigator)) {
      setState('choosing');
      return;
    }
    setState('locating');
    navigator.geolocation.getCurrentPosition(
      (position) => {
        // Abroad, the shops are not near: the customer chooses a city, as after a refusal.
        if (!isInPakistan(position.coords)) {
          setState('choosing');
          return;
        }
        setState('idle');
        onChange(nearPointOf(position.coords));
      },
      () => setState('choosing'),
      { timeout: LOCATE_TIMEOUT_MS, maximumAge: LOCATE_MAX_AGE_MS },
    );
  };
  const chosenCity = value && 'city' in value ? value.city : null;
  const clear = () => {
    setState('idle');
    onChange(null);
  };

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-3">
        <Button
          variant={value && !chosenCity ? 'primary' : 'outline'}
          size="sm"
          aria-pressed={value !== null && !chosenCity}
          busy={state === 'locating'}
          disabled={!interactive}
          onClick={locate}
        >
          <LocateFixed aria-hidden="true" className="size-4" />
          {t('marketplace:near.button')}
        </Button>
        {value ? (
          <Button variant="ghost" size="sm" onClick={clear}>
            {t('marketplace:near.usualOrder')}
          </Button>
        ) : null}
      </div>
      <p role="status" className="text-sm text-stone-700 empty:hidden">
        {state === 'locating'
          ? t('marketplace:near.locating')
          : state === 'choosing' && !chosenCity
            ? t('marketplace:near.refused')
            : chosenCity
              ? t('marketplace:near.fromCity', { city: cityName(chosenCity, t) })
              : value
                ? t('marketplace:near.fromYou')
                : null}
      </p>
      {state === 'choosing' || chosenCity ? (
        <FormField label={t('marketplace:near.city')} className="max-w-xs">
          <Select
            value={chosenCity ?? ''}
            onChange={(event) => {
              const city = event.target.value as City;
              if ((CITIES as readonly string[]).includes(city)) onChange({ city });
            }}
          >
            <option value="" disabled>
              {t('marketplace:near.city')}
            </option>
            <CityOptions />
          </Select>
        </FormField>
      ) : null}
    </div>
  );
}
