import { AtSign, Globe, MapPin, MessageCircle, Phone, Store, WalletCards } from 'lucide-react';
import { ReferralInvitation } from '@client/features/stamps/components/referral-invitation';
import { useEffect, type ReactNode } from 'react';
import { Trans, useTranslation } from '@client/lib/translation';
import { Link, useParams, useSearchParams } from 'react-router';
import type { PublicVendorDetail } from '@shared/marketplace/marketplace';
import { CATEGORY_LABEL_KEYS } from '@shared/places';
import { SHARED_CARD_PARAM } from '@shared/marketplace/share';
import { PageContainer } from '@client/components/page-container';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { EmptyState } from '@client/components/ui/empty-state';
import { FullPageSpinner } from '@client/components/ui/spinner';
import { ApiError } from '@client/lib/api-client';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { usePublicVendor } from '@client/features/marketplace/api/get-public-vendor';
import { cardShareAction, VendorShareBar } from '@client/components/share-bar';
import { PremiumBadge } from './card-badges';
import { CardGrid } from './card-grid';
import { telHref, whatsappHref } from './contact-links';
import { JoinCodePrompt } from './join-code-prompt';
import { JoinResultBanner } from './join-result-banner';
import { OpeningHours } from './opening-hours';
import { useResumeJoin } from './use-resume-join';
import { focusSharedCard } from '@client/features/marketplace/shared-card-focus';
import '@client/features/marketplace/marketplace-texts';
import { cityName } from '@client/components/place-options';
import { LazyBranchMap } from '@client/components/maps/lazy-branch-map';
import { directionsUrl } from '@shared/marketplace/marketplace-display';
import { VendorLogo } from '@client/components/vendor-logo';

function ContactRow({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <li className="flex gap-3">
      <span aria-hidden="true" className="mt-0.5 text-brand-700 [&_svg]:size-5">
        {icon}
      </span>
      <span className="min-w-0 break-words">{children}</span>
    </li>
  );
}

const linkClass = 'font-semibold text-brand-700 underline-offset-2 hover:underline';

function VendorContact({ vendor }: { vendor: PublicVendorDetail }) {
  const { t } = useTranslation('marketplace');
  return (
    <ul className="space-y-3 text-sm text-stone-800">
      <ContactRow icon={<MapPin />}>
        <span dir="auto" className="block">
          {vendor.address}
        </span>
        <span className="block text-stone-600">
          {t('marketplace:vendor.place', { area: vendor.area, city: cityName(vendor.city, t) })}
        </span>
      </ContactRow>
      <ContactRow icon={<Phone />}>
        <a href={telHref(vendor.phone)} dir="ltr" className={linkClass}>
          {vendor.phone}
        </a>
      </ContactRow>
      {vendor.whatsapp ? (
        <ContactRow icon={<MessageCircle />}>
          <a href={whatsappHref(vendor.whatsapp)} target="_blank" rel="noopener noreferrer" className={linkClass}>
            <Trans i18nKey="marketplace:vendor.whatsapp" values={{ number: <bdi dir="ltr">{vendor.whatsapp}</bdi> }} />
          </a>
        </ContactRow>
      ) : null}
      {vendor.website ? (
        <ContactRow icon={<Globe />}>
          <a href={vendor.website} target="_blank" rel="noopener noreferrer" className={linkClass}>
            {vendor.website.replace(/^https?:\/\//, '')}
          </a>
        </ContactRow>
      ) : null}
      {vendor.facebookPage || vendor.instagramHandle || vendor.twitterHandle ? (
        <ContactRow icon={<AtSign />}>
          <span className="flex flex-wrap gap-x-4 gap-y-1">
            {vendor.facebookPage ? (
              <a href={vendor.facebookPage} target="_blank" rel="noopener noreferrer" className={linkClass}>
                {t('marketplace:vendor.facebook')}
              </a>
            ) : null}
            {vendor.instagramHandle ? (
              <a
                href={`https://instagram.com/${vendor.instagramHandle.replace(/^@/, '')}`}
                target="_blank"
                rel="noopener noreferrer"
                className={linkClass}
              >
                {t('marketplace:vendor.instagram', { handle: vendor.instagramHandle.replace(/^@/, '') })}
              </a>
            ) : null}
            {vendor.twitterHandle ? (
              <a
                href={`https://x.com/${vendor.twitterHandle.replace(/^@/, '')}`}
                target="_blank"
                rel="noopener noreferrer"
                className={linkClass}
              >
                {t('marketplace:vendor.twitter', { handle: vendor.twitterHandle.replace(/^@/, '') })}
              </a>
            ) : null}
          </span>
        </ContactRow>
      ) : null}
    </ul>
  );
}

/** The vendor's branches (decision 084): a map of their pins, and each with its address and Directions. */
function VendorBranches({ vendor }: { vendor: PublicVendorDetail }) {
  const { t } = useTranslation('marketplace');
  const pins = vendor.branches.flatMap((branch) =>
    branch.position ? [{ id: branch.id, label: branch.name, position: branch.position }] : [],
  );
  return (
    <section aria-labelledby="vendor-branches-title" className="mt-8">
      <h2 id="vendor-branches-title" className="mb-4 text-xl font-bold text-stone-900">
        {t('marketplace:vendor.branchesTitle')}
      </h2>
      {pins.length > 0 ? (
        <LazyBranchMap
          tiles={vendor.mapTiles}
          pins={pins}
          label={t('marketplace:vendor.branchesMap', { name: vendor.businessName })}
        />
      ) : null}
      <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {vendor.branches.map((branch) => (
          <li key={branch.id} className="rounded-2xl bg-white p-4 ring-1 ring-stone-200">
            <h3 dir="auto" className="font-semibold text-stone-900">
              {branch.name}
            </h3>
            <p dir="auto" className="mt-1 text-sm text-stone-800">
              {branch.address}
            </p>
            <p className="text-sm text-stone-600">
              {t('marketplace:vendor.place', { area: branch.area, city: cityName(branch.city, t) })}
            </p>
            <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm">
              <a href={telHref(branch.phone)} dir="ltr" className={linkClass}>
                {branch.phone}
              </a>
              {branch.position ? (
                <a
                  href={directionsUrl(branch.position)}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={linkClass}
                >
                  {t('marketplace:vendor.directions')}{' '}
                  <span className="sr-only">{t('marketplace:vendor.directionsTo', { branch: branch.name })}</span>
                </a>
              ) : null}
            </p>
          </li>
        ))}
      </ul>
      {vendor.branches.length > 1 ? (
        <div className="mt-4 text-sm text-stone-800">
          <p>
            {vendor.cardBranches.length === 0
              ? t('marketplace:vendor.cardsEverywhere')
              : t('marketplace:vendor.otherCardsEverywhere')}
          </p>
          {vendor.cardBranches.length > 0 ? (
            <ul className="mt-1 list-disc ps-5">
              {vendor.cardBranches.map((card) => (
                <li key={card.cardId}>
                  {t('marketplace:vendor.cardHonouredAt', {
                    card: card.name,
                    branches: card.branches.join(t('marketplace:vendor.listSeparator')),
                  })}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}

/** Brings the shared card into view once its tile is on the page (see focusSharedCard). */
function SharedCardFocus({ cardId, loaded }: { cardId: string | null; loaded: boolean }) {
  useEffect(() => {
    if (cardId && loaded) focusSharedCard(cardId);
  }, [cardId, loaded]);
  return null;
}

function VendorNotFound() {
  const { t } = useTranslation('marketplace');
  useDocumentTitle(t('marketplace:vendor.notFoundTitle'));
  return (
    <PageContainer width="narrow">
      <EmptyState
        titleAs="h1"
        icon={<Store />}
        title={t('marketplace:vendor.notFoundTitle')}
        text={t('marketplace:vendor.notFoundText')}
        action={
          <Button asChild>
            <Link to="/vendor-clubs">{t('marketplace:vendor.browseClubs')}</Link>
          </Button>
        }
      />
    </PageContainer>
  );
}

function VendorProfile({ vendor }: { vendor: PublicVendorDetail }) {
  const { t } = useTranslation('marketplace');
  useDocumentTitle(t('marketplace:vendor.pageTitle', { name: vendor.businessName, city: cityName(vendor.city, t) }));
  const resumedJoin = useResumeJoin();
  const [params] = useSearchParams();
  const sharedCardId = params.get(SHARED_CARD_PARAM);
  return (
    <PageContainer>
      <header className="mb-8 flex flex-col gap-5 sm:flex-row sm:items-center">
        <VendorLogo logo={vendor.logo} size="page" />
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <Badge tone="orange">{t(CATEGORY_LABEL_KEYS[vendor.businessCategory])}</Badge>
            {vendor.isPremium ? <PremiumBadge /> : null}
          </div>
          <h1 className="mt-2 text-3xl font-bold tracking-tight text-balance text-stone-900 sm:text-4xl">
            {vendor.businessName}
          </h1>
          <p className="mt-1 flex items-center gap-1 text-stone-600">
            <MapPin aria-hidden="true" className="size-4 shrink-0" />
            {t('marketplace:vendor.place', { area: vendor.area, city: cityName(vendor.city, t) })}
          </p>
          {vendor.businessDescription ? (
            <p dir="auto" className="mt-3 max-w-2xl text-pretty text-stone-800">
              {vendor.businessDescription}
            </p>
          ) : null}
          <div className="mt-4">
            <VendorShareBar vendor={vendor} />
          </div>
        </div>
      </header>

      <ReferralInvitation />
      <JoinCodePrompt />
      <JoinResultBanner status={resumedJoin.status} data={resumedJoin.data} error={resumedJoin.error} />

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <section aria-labelledby="vendor-cards-title" className="min-w-0 lg:order-1">
          <h2 id="vendor-cards-title" className="mb-4 text-xl font-bold text-stone-900">
            {t('marketplace:vendor.cardsHeading')}
          </h2>
          <CardGrid
            filter={{ type: 'all', vendor: vendor.slug }}
            showVendor={false}
            narrow
            cardAction={cardShareAction}
            empty={
              <EmptyState
                icon={<WalletCards />}
                title={t('marketplace:vendor.noCardsTitle')}
                text={t('marketplace:vendor.noCardsText', { name: vendor.businessName })}
              />
            }
          >
            {(cards) => (
              <SharedCardFocus cardId={sharedCardId} loaded={cards.some((card) => card.id === sharedCardId)} />
            )}
          </CardGrid>
        </section>
        <aside className="flex flex-col gap-6 lg:order-2">
          <Card title={t('marketplace:vendor.contactTitle')}>
            <VendorContact vendor={vendor} />
          </Card>
          <Card title={t('marketplace:vendor.hoursTitle')}>
            <OpeningHours hours={vendor.openingHours} />
          </Card>
        </aside>
      </div>
      {/* One shop without a pin says all in Visit or contact; a chain, or a pin, gets the map. */}
      {vendor.branches.length > 1 || vendor.branches.some((branch) => branch.position) ? (
        <VendorBranches vendor={vendor} />
      ) : null}
    </PageContainer>
  );
}

/** /vendors/:slug: the public page of one vendor (the server also puts its head and LocalBusiness markup in the HTML). */
export function PublicVendorPage() {
  const { t } = useTranslation('marketplace');
  const { slug = '' } = useParams();
  const vendor = usePublicVendor(slug);
  if (vendor.isPending) return <FullPageSpinner label={t('marketplace:vendor.loading')} />;
  if (vendor.isError) {
    if (vendor.error instanceof ApiError && (vendor.error.status === 404 || vendor.error.status === 400))
      return <VendorNotFound />;
    return (
      <PageContainer width="narrow">
        <EmptyState
          titleAs="h1"
          title={t('marketplace:vendor.loadFailed')}
          text={vendor.error.message}
          action={<Button onClick={() => void vendor.refetch()}>{t('marketplace:vendor.tryAgain')}</Button>}
        />
      </PageContainer>
    );
  }
  return <VendorProfile vendor={vendor.data} />;
}
