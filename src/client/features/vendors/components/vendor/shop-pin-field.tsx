import { LocateFixed, MapPin } from 'lucide-react';
import { useState } from 'react';
import { useController, useFormState, type Control } from 'react-hook-form';
import { useTranslation } from '@client/lib/translation';
import type { ShopLocation, VendorProfile, VendorProfileInput } from '@shared/vendors/vendor-profile';
import { Button } from '@client/components/ui/button';
import { FormField, Input } from '@client/components/ui/form-field';
import { pinFromTexts, pinTexts } from './shop-pin-rules';

type LocatingState = 'idle' | 'locating' | 'denied' | 'unavailable';

/**
 * The shop's pin (decision 046): Wallet passes surface on the lock screen near it. The owner
 * stands in the shop and uses the phone's location, or types the coordinates from a map; both
 * empty is no pin. The numbers stay left to right in Urdu.
 */
export function ShopPinField({ control }: { control: Control<VendorProfileInput, unknown, VendorProfile> }) {
  const { t } = useTranslation('vendor');
  const { field } = useController({ control, name: 'shopLocation' });
  const { errors } = useFormState({ control, name: 'shopLocation' });
  const [texts, setTexts] = useState(() => pinTexts(field.value ?? null));
  const [locating, setLocating] = useState<LocatingState>('idle');

  const change = (next: { latitude: string; longitude: string }) => {
    setTexts(next);
    field.onChange(pinFromTexts(next));
  };
  const place = (pin: ShopLocation | null) => change(pinTexts(pin));

  const locateShop = () => {
    if (!('geolocation' in navigator)) return setLocating('unavailable');
    setLocating('locating');
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        setLocating('idle');
        place({ latitude: coords.latitude, longitude: coords.longitude });
      },
      () => setLocating('denied'),
      { enableHighAccuracy: true, timeout: 15_000 },
    );
  };

  const pin = pinFromTexts(texts);
  const placed = pin !== null && Number.isFinite(pin.latitude) && Number.isFinite(pin.longitude);
  return (
    <fieldset className="flex min-w-0 flex-col gap-3">
      <legend className="mb-1 text-sm font-semibold text-stone-900">{t('vendor:profile.pin')}</legend>
      <p className="text-sm text-stone-600">{t('vendor:profile.pinHint')}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t('vendor:profile.latitude')} error={errors.shopLocation?.latitude?.message}>
          <Input
            dir="ltr"
            inputMode="decimal"
            autoComplete="off"
            value={texts.latitude}
            onChange={(event) => change({ ...texts, latitude: event.target.value })}
            onBlur={field.onBlur}
          />
        </FormField>
        <FormField label={t('vendor:profile.longitude')} error={errors.shopLocation?.longitude?.message}>
          <Input
            dir="ltr"
            inputMode="decimal"
            autoComplete="off"
            value={texts.longitude}
            onChange={(event) => change({ ...texts, longitude: event.target.value })}
            onBlur={field.onBlur}
          />
        </FormField>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Button type="button" variant="outline" size="sm" busy={locating === 'locating'} onClick={locateShop}>
          <LocateFixed aria-hidden="true" /> {t('vendor:profile.useLocation')}
        </Button>
        {placed ? (
          <>
            <Button type="button" variant="ghost" size="sm" onClick={() => place(null)}>
              {t('vendor:profile.removePin')}
            </Button>
            <a
              href={`https://www.google.com/maps/search/?api=1&query=${pin.latitude},${pin.longitude}`}
              target="_blank"
              rel="noopener noreferrer"
              className="flex items-center gap-2 text-sm font-medium text-brand-800 underline-offset-2 hover:underline"
            >
              <MapPin aria-hidden="true" className="size-4" /> {t('vendor:profile.checkPin')}
            </a>
          </>
        ) : null}
      </div>
      {locating === 'denied' || locating === 'unavailable' ? (
        <p role="status" className="text-sm text-amber-800">
          {t(locating === 'denied' ? 'vendor:profile.locationDenied' : 'vendor:profile.locationUnavailable')}
        </p>
      ) : null}
    </fieldset>
  );
}
