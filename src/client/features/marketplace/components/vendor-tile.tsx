import { MapPin, WalletCards } from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from '@client/lib/translation';
import type { VendorTile as VendorTileData } from '@shared/marketplace/marketplace';
import { CATEGORY_LABEL_KEYS } from '@shared/places';
import { PremiumBadge } from './card-badges';
import { cityName } from '@client/components/place-options';
import { VendorLogo } from '@client/components/vendor-logo';

/** A vendor in the featured grid; the whole tile opens the vendor's page. */
export function VendorTile({ vendor }: { vendor: VendorTileData }) {
  const { t } = useTranslation();
  return (
    <Link
      to={`/vendors/${vendor.slug}`}
      className="group flex h-full flex-col rounded-2xl border border-stone-200 bg-white p-5 shadow-sm transition-colors hover:border-brand-300 hover:shadow-md"
    >
      <div className="flex items-start gap-4">
        <VendorLogo logo={vendor.logo} size="tile" />
        <div className="min-w-0">
          <h3 className="text-lg font-bold text-stone-900 group-hover:text-brand-800 group-hover:underline">
            {vendor.businessName}
          </h3>
          <p className="mt-0.5 flex items-center gap-1 text-sm text-stone-600">
            <MapPin aria-hidden="true" className="size-3.5 shrink-0" />
            {t(CATEGORY_LABEL_KEYS[vendor.businessCategory])} · {vendor.area}, {cityName(vendor.city, t)}
          </p>
          {vendor.isPremium ? (
            <div className="mt-2">
              <PremiumBadge />
            </div>
          ) : null}
        </div>
      </div>
      {vendor.businessDescription ? (
        <p dir="auto" className="mt-3 line-clamp-2 flex-1 text-sm text-stone-700">
          {vendor.businessDescription}
        </p>
      ) : (
        <span className="flex-1" />
      )}
      <p className="mt-4 flex items-center gap-1.5 text-sm font-semibold text-brand-800">
        <WalletCards aria-hidden="true" className="size-4" />
        {t('landing:vendors.cardCount', { count: vendor.activeCardCount })}
      </p>
    </Link>
  );
}
