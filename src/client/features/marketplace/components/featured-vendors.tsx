import { Store } from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from '@client/lib/translation';
import { CITIES, type City } from '@shared/places';
import { Banner } from '@client/components/ui/banner';
import { Button } from '@client/components/ui/button';
import { EmptyState } from '@client/components/ui/empty-state';
import { Spinner } from '@client/components/ui/spinner';
import { useInteractive } from '@client/lib/use-browser-value';
import { useLandingStats } from '@client/features/marketplace/api/get-landing-stats';
import { usePublicVendors } from '@client/features/marketplace/api/list-public-vendors';
import { FilterChips } from './filter-chips';
import { useFilterParam } from './use-filter-param';
import { VendorTile } from './vendor-tile';
import { cityName } from '@client/components/place-options';

const ALL = 'all';
const CITY_PARAM = 'city';
const CITY_CHOICES = [ALL, ...CITIES] as const;

function VendorGrid({ city }: { city: City | null }) {
  const { t } = useTranslation();
  // Show more fetches with the script: disabled until the page is interactive (decision 059).
  const interactive = useInteractive();
  const vendors = usePublicVendors(city);
  if (vendors.isPending) {
    return (
      <div className="flex justify-center py-12 text-brand-700">
        <Spinner size="lg" label={t('landing:vendors.loading')} />
      </div>
    );
  }
  if (vendors.isError) {
    return (
      <Banner
        tone="error"
        action={
          <Button size="sm" variant="outline" onClick={() => void vendors.refetch()}>
            {t('landing:vendors.tryAgain')}
          </Button>
        }
      >
        {t('landing:vendors.loadFailed', { reason: vendors.error.message })}
      </Banner>
    );
  }
  const list = vendors.data.pages.flatMap((page) => page.vendors);
  if (list.length === 0) {
    return (
      <EmptyState
        icon={<Store />}
        title={t('landing:vendors.emptyTitle')}
        text={t('landing:vendors.emptyText')}
        action={
          <Button asChild variant="outline">
            <Link to="/vendor-signup">{t('landing:vendors.becomeVendor')}</Link>
          </Button>
        }
      />
    );
  }
  return (
    <>
      <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
        {list.map((vendor) => (
          <li key={vendor.slug}>
            <VendorTile vendor={vendor} />
          </li>
        ))}
      </ul>
      {vendors.hasNextPage ? (
        <div className="mt-8 flex justify-center">
          <Button
            variant="outline"
            busy={vendors.isFetchingNextPage}
            disabled={!interactive}
            onClick={() => void vendors.fetchNextPage()}
          >
            {t('landing:vendors.showMore')}
          </Button>
        </div>
      ) : null}
    </>
  );
}

/** SPEC.md's featured vendor grid with city chips: All, then the cities that have vendors. */
export function FeaturedVendors() {
  const stats = useLandingStats();
  const { t } = useTranslation();
  const [city, chooseCity] = useFilterParam<City | typeof ALL>(CITY_PARAM, CITY_CHOICES, ALL);
  const options = [
    { value: ALL, label: t('landing:vendors.allCities') },
    ...(stats.data?.cities ?? []).map((name) => ({ value: name, label: cityName(name, t) })),
  ];

  return (
    <section
      id="featured-vendors"
      aria-labelledby="featured-vendors-title"
      className="mx-auto max-w-6xl px-4 py-16 sm:px-6 lg:px-8 lg:py-20"
    >
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 id="featured-vendors-title" className="text-3xl font-bold tracking-tight text-stone-900">
            {t('landing:vendors.title')}
          </h2>
          <p className="mt-2 text-stone-600">{t('landing:vendors.intro')}</p>
        </div>
        <Link to="/vendor-clubs" className="text-sm font-semibold text-brand-700 underline-offset-2 hover:underline">
          {t('landing:vendors.seeAll')}
        </Link>
      </div>
      <div className="mt-6">
        <FilterChips
          label={t('landing:vendors.cityFilter')}
          options={options}
          value={city}
          onChange={(next) => chooseCity(next as City | typeof ALL)}
          fallback={{ action: '/#featured-vendors', name: CITY_PARAM, unfiltered: ALL }}
        />
      </div>
      <div className="mt-6">
        <VendorGrid city={city === ALL ? null : city} />
      </div>
    </section>
  );
}
