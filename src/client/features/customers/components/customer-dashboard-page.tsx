import { Mail, QrCode, ShieldCheck, Store, UserCog, WalletCards } from 'lucide-react';
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { LiveEvent } from '@shared/notifications/live';
import { RequireAuth } from '@client/components/guards';
import { PageContainer } from '@client/components/page-container';
import { Banner } from '@client/components/ui/banner';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { EmptyState } from '@client/components/ui/empty-state';
import { PageHeader } from '@client/components/ui/page-header';
import { FullPageSpinner } from '@client/components/ui/spinner';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { useSession, type SessionUser } from '@client/lib/use-session';
import { SignOutButton } from '@client/features/accounts/components/sign-out-button';
import { useCustomerDashboard } from '@client/features/customers/api/get-dashboard';
import { useEnsureDeviceEnrolled } from '@client/features/stamps/api/devices';
import { InstallAppBanner } from '@client/components/install-app/install-app-banner';
import { PushPrompt } from '@client/features/notifications/components/push-prompt';
import { useOnlineStatus } from '@client/lib/use-online-status';
import { useOfflineSupport } from '@client/lib/offline/use-offline-support';
import { formatLongDateTime } from '@shared/pakistan-time';
import { useLiveEvents } from '@client/features/notifications/api/live-events';
import { AccountSummary } from './account-summary';
import { LoyaltyCardTile } from './loyalty-card-tile';
import { SampleDataBanner } from './sample-data-banner';
import { ScannerDialog } from '@client/features/stamps/components/scanner-dialog';
import { ShortcutTiles } from './shortcut-tiles';
import { RateVisitPanel } from '@client/features/vendors/components/rate-visit-panel';
import { VISITS_TO_RATE_KEY } from '@client/features/vendors/api/visits-to-rate';
import { StatsPanel } from './stats-panel';
import { VendorApplicationStatus } from '@client/features/vendors/components/vendor-application-status';
import type { TFunction } from '@client/lib/translation';
import { useTranslation } from '@client/lib/translation';
import '@client/lib/customer-texts';

/** What a live event means to the customer, in one line (null: nothing to say). */
function describeLiveEvent(event: LiveEvent, t: TFunction): { title: string; text: string } | null {
  switch (event.type) {
    case 'stamp.collected':
      return event.rewardId
        ? {
            title: t('customer:scanner.rewardEarned'),
            text: t('customer:live.rewardText', { card: event.cardName, vendor: event.vendorName }),
          }
        : {
            title:
              event.quantity > 1
                ? t('customer:live.severalTitle', { vendor: event.vendorName, quantity: event.quantity })
                : t('customer:live.stampTitle', { vendor: event.vendorName }),
            text: t('customer:live.stampText', {
              card: event.cardName,
              collected: event.stampsCollected,
              required: event.stampsRequired,
              count: event.stampsRequired,
            }),
          };
    case 'reward.redeemed':
      return { title: t('customer:reward.redeemed'), text: t('customer:live.redeemedText') };
    default:
      return null;
  }
}

function DashboardHeader({ user }: { user: SessionUser }) {
  const { t } = useTranslation('customer');
  return (
    <PageHeader
      title={t('customer:header.welcome', { name: user.name || t('customer:header.guest') })}
      description={t('customer:header.description')}
      actions={
        <>
          {user.isAdmin ? (
            <Button asChild size="sm">
              <Link to="/admin">
                <ShieldCheck aria-hidden="true" />
                {t('customer:header.adminPanel')}
              </Link>
            </Button>
          ) : null}
          <Button asChild size="sm" variant="outline">
            <Link to="/email-preferences">
              <Mail aria-hidden="true" />
              {t('customer:header.emailSettings')}
            </Link>
          </Button>
          <Button asChild size="sm" variant="outline">
            <Link to="/account/security">
              <UserCog aria-hidden="true" />
              {t('customer:header.account')}
            </Link>
          </Button>
          <SignOutButton />
        </>
      }
    />
  );
}

function DashboardContent({ user }: { user: SessionUser }) {
  const { features } = useSession();
  const { t } = useTranslation('customer');
  const dashboard = useCustomerDashboard();
  const online = useOnlineStatus();
  // Enrolled while online, so My QR works at the counter without signal later.
  useEnsureDeviceEnrolled(user.id);
  const [notice, setNotice] = useState<{ title: string; text: string } | null>(null);
  const queryClient = useQueryClient();
  useLiveEvents((event) => {
    // A new stamp is a visit the customer may rate (decision 038).
    if (event.type === 'stamp.collected') void queryClient.invalidateQueries({ queryKey: VISITS_TO_RATE_KEY });
    const described = describeLiveEvent(event, t);
    if (described) setNotice(described);
  });

  if (dashboard.isPending) return <FullPageSpinner label={t('customer:loading')} />;

  return (
    <PageContainer>
      <DashboardHeader user={user} />
      {dashboard.isError ? (
        <Banner
          tone="error"
          title={t('customer:loadFailed')}
          action={
            <Button size="sm" variant="outline" onClick={() => void dashboard.refetch()}>
              {t('customer:tryAgain')}
            </Button>
          }
        >
          {dashboard.error.message}
        </Banner>
      ) : (
        <div className="flex flex-col gap-6">
          <div aria-live="polite" className="empty:hidden">
            {notice ? (
              <Banner tone="success" title={notice.title} role="none">
                {notice.text}
              </Banner>
            ) : null}
          </div>
          {!online ? (
            <Banner tone="warning" role="none">
              {t('customer:offline.asOf', { time: formatLongDateTime(new Date(dashboard.dataUpdatedAt)) })}
            </Banner>
          ) : null}
          <InstallAppBanner />
          {/* After the first real stamp (not the demo's sample cards), never on a first visit. */}
          <PushPrompt
            userId={user.id}
            hasStamp={dashboard.data.cards.some((card) => !card.isSample && card.lastStampAt !== null)}
          />
          {dashboard.data.vendorApplication ? (
            <VendorApplicationStatus application={dashboard.data.vendorApplication} />
          ) : null}
          <SampleDataBanner demo={dashboard.data.demo} />
          <RateVisitPanel />

          <div className="grid gap-4 lg:grid-cols-2">
            <Card title={t('customer:collect.title')} description={t('customer:collect.description')}>
              <div className="flex flex-col gap-3 sm:flex-row">
                <ScannerDialog demoMode={features.demoMode} />
                <Button asChild size="lg" variant="outline" className="w-full sm:w-auto">
                  <Link to="/user/qr">
                    <QrCode aria-hidden="true" />
                    {t('customer:collect.myQr')}
                  </Link>
                </Button>
              </div>
            </Card>
            <AccountSummary account={dashboard.data.account} />
          </div>

          <StatsPanel stats={dashboard.data.stats} />

          <section aria-labelledby="cards-heading" className="flex flex-col gap-4">
            <div className="flex items-center justify-between gap-3">
              <h2 id="cards-heading" className="text-lg font-semibold text-stone-900">
                {t('customer:cards.title')}
              </h2>
              {dashboard.data.cards.length > 0 ? (
                <Link to="/vendor-clubs" className="text-sm font-semibold text-brand-800 hover:underline">
                  {t('customer:cards.findMore')}
                </Link>
              ) : null}
            </div>
            {dashboard.data.cards.length === 0 ? (
              <EmptyState
                icon={<WalletCards />}
                title={t('customer:cards.emptyTitle')}
                text={t('customer:cards.emptyText')}
                action={
                  <Button asChild>
                    <Link to="/vendor-clubs">
                      <Store aria-hidden="true" />
                      {t('customer:cards.browse')}
                    </Link>
                  </Button>
                }
              />
            ) : (
              <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
                {dashboard.data.cards.map((card) => (
                  <li key={card.id} className="flex min-w-0 [&>article]:w-full">
                    <LoyaltyCardTile card={card} />
                  </li>
                ))}
              </ul>
            )}
          </section>

          <ShortcutTiles />
        </div>
      )}
    </PageContainer>
  );
}

export function CustomerDashboardPage() {
  const { t } = useTranslation('customer');
  useDocumentTitle(t('customer:pageTitle'));
  // Without signal the kept copy of the customer's data answers, so start keeping it here.
  useOfflineSupport();
  return <RequireAuth>{(user) => <DashboardContent user={user} />}</RequireAuth>;
}
