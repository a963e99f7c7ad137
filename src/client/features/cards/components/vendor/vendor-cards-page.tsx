import { CirclePlus, WalletCards } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '@client/lib/translation';
import { formatNumber } from '@shared/number-format';
import { useSearchParams } from 'react-router';
import { isUnlimited } from '@shared/billing/plans';
import type { VendorCard } from '@shared/cards/vendor-cards';
import { Banner } from '@client/components/ui/banner';
import { Button } from '@client/components/ui/button';
import { ConfirmDialog } from '@client/components/ui/dialog';
import { EmptyState } from '@client/components/ui/empty-state';
import { PageHeader } from '@client/components/ui/page-header';
import { StatTile } from '@client/components/ui/stat-tile';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@client/components/ui/tabs';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { useChangeCardStatus } from '@client/features/cards/api/change-card-status';
import { useVendorCards } from '@client/features/cards/api/get-vendor-cards';
import { ApprovedVendorGuard, CenteredSpinner } from '@client/components/vendor-area/approved-vendor-guard';
import { CardDetailsDialog } from './card-details-dialog';
import { CardFormDialog } from './card-form-dialog';
import { VendorCardItem, type CardItemAction } from './vendor-card-item';
import {
  CardPartnersSection,
  PartnerInvitationsSection,
} from '@client/features/cards/components/vendor/partner-cards-section';

const TABS = [
  { value: 'all', labelKey: 'vendor:cards.tab.all', noneKey: 'vendor:cards.none.all' },
  { value: 'active', labelKey: 'vendor:cards.tab.active', noneKey: 'vendor:cards.none.active' },
  { value: 'draft', labelKey: 'vendor:cards.tab.draft', noneKey: 'vendor:cards.none.draft' },
  { value: 'paused', labelKey: 'vendor:cards.tab.paused', noneKey: 'vendor:cards.none.paused' },
] as const;

function CardsContent({ isOwner }: { isOwner: boolean }) {
  const { t } = useTranslation('vendor');
  const cards = useVendorCards();
  const changeStatus = useChangeCardStatus();
  const [searchParams, setSearchParams] = useSearchParams();
  const [editing, setEditing] = useState<VendorCard | null>(null);
  const [viewing, setViewing] = useState<VendorCard | null>(null);
  const [deleting, setDeleting] = useState<VendorCard | null>(null);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  // The dashboard's "Create New Card" arrives with ?create=1 and opens the form at once.
  const creating = isOwner && searchParams.get('create') === '1';
  const formOpen = creating || editing !== null;

  const setCreating = (open: boolean) =>
    setSearchParams(
      (params) => {
        if (open) params.set('create', '1');
        else params.delete('create');
        return params;
      },
      { replace: true },
    );

  if (cards.isPending) return <CenteredSpinner />;
  if (cards.isError)
    return (
      <Banner tone="error" title={t('vendor:cards.loadFailed')}>
        {cards.error.message}
      </Banner>
    );
  const { counts, totalUsers, maxActiveCards, allowedCardTypes, hourlyDeals, tiers } = cards.data;

  function act(card: VendorCard, action: CardItemAction) {
    setNotice(null);
    if (action === 'view') return setViewing(card);
    if (action === 'edit') return setEditing(card);
    if (action === 'delete') return setDeleting(card);
    changeStatus.mutate(
      { id: card.id, action },
      {
        onSuccess: () =>
          setNotice({
            tone: 'success',
            text:
              action === 'pause'
                ? t('vendor:cards.paused', { card: card.name })
                : t('vendor:cards.activated', { card: card.name }),
          }),
        onError: (error) => setNotice({ tone: 'error', text: error.message }),
      },
    );
  }

  const confirmDelete = () => {
    if (!deleting) return;
    changeStatus.mutate(
      { id: deleting.id, action: 'delete' },
      {
        onSuccess: (result) => {
          const archived = 'outcome' in result && result.outcome === 'archived';
          setNotice({
            tone: 'success',
            text: archived
              ? t('vendor:cards.deletedKept', { card: deleting.name })
              : t('vendor:cards.deleted', { card: deleting.name }),
          });
          setDeleting(null);
        },
        onError: (error) => {
          setNotice({ tone: 'error', text: error.message });
          setDeleting(null);
        },
      },
    );
  };

  return (
    <div className="flex flex-col gap-6">
      {isOwner ? (
        <div className="flex justify-end">
          <Button onClick={() => setCreating(true)}>
            <CirclePlus aria-hidden="true" /> {t('vendor:cards.create')}
          </Button>
        </div>
      ) : null}
      {notice ? (
        <Banner tone={notice.tone} role={notice.tone === 'error' ? 'alert' : 'status'}>
          {notice.text}
        </Banner>
      ) : null}
      <PartnerInvitationsSection isOwner={isOwner} />
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        <StatTile
          label={t('vendor:cards.activeTile')}
          value={counts.active}
          hint={
            isUnlimited(maxActiveCards)
              ? t('vendor:cards.unlimitedOnPlan')
              : t('vendor:cards.ofOnPlan', { max: maxActiveCards })
          }
        />
        <StatTile label={t('vendor:cards.draftTile')} value={counts.draft} />
        <StatTile
          label={t('vendor:cards.totalUsers')}
          value={formatNumber(totalUsers)}
          className="col-span-2 sm:col-span-1"
        />
      </div>
      {cards.data.cards.length === 0 ? (
        <EmptyState
          icon={<WalletCards />}
          title={t('vendor:cards.firstTitle')}
          text={t('vendor:cards.firstText')}
          action={
            isOwner ? <Button onClick={() => setCreating(true)}>{t('vendor:cards.firstTitle')}</Button> : undefined
          }
        />
      ) : (
        <Tabs defaultValue="all">
          <TabsList aria-label={t('vendor:cards.filter')}>
            {TABS.map((tab) => (
              <TabsTrigger key={tab.value} value={tab.value}>
                {t(tab.labelKey)}
              </TabsTrigger>
            ))}
          </TabsList>
          {TABS.map((tab) => {
            const shown = cards.data.cards.filter((card) => tab.value === 'all' || card.status === tab.value);
            return (
              <TabsContent key={tab.value} value={tab.value}>
                {shown.length === 0 ? (
                  <p className="rounded-xl border border-dashed border-stone-300 bg-white p-6 text-center text-sm text-stone-600">
                    {t(tab.noneKey)}
                  </p>
                ) : (
                  <div className="grid gap-4 lg:grid-cols-2">
                    {shown.map((card) => (
                      <VendorCardItem
                        key={card.id}
                        card={card}
                        canManage={isOwner}
                        busy={
                          changeStatus.isPending &&
                          changeStatus.variables?.id === card.id &&
                          changeStatus.variables.action !== 'delete'
                        }
                        onAction={(action) => act(card, action)}
                      />
                    ))}
                  </div>
                )}
              </TabsContent>
            );
          })}
        </Tabs>
      )}
      <CardPartnersSection cards={cards.data.cards} isOwner={isOwner} />
      <CardFormDialog
        open={formOpen}
        card={editing}
        allowedCardTypes={allowedCardTypes}
        hourlyDeals={hourlyDeals}
        tiers={tiers}
        onOpenChange={(open) => {
          if (open) return;
          setEditing(null);
          setCreating(false);
        }}
        onSaved={(_card, message) => {
          setEditing(null);
          setCreating(false);
          setNotice({ tone: 'success', text: message });
        }}
      />
      <CardDetailsDialog card={viewing} onOpenChange={(open) => !open && setViewing(null)} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('vendor:cards.deleteTitle', { card: deleting?.name ?? '' })}
        text={
          deleting && deleting.users > 0
            ? t('vendor:cards.deleteHeld', { count: deleting.users })
            : t('vendor:cards.deleteNobody')
        }
        confirmLabel={t('vendor:cards.delete')}
        tone="danger"
        busy={changeStatus.isPending && changeStatus.variables?.action === 'delete'}
        onConfirm={confirmDelete}
      />
    </div>
  );
}

export function VendorCardsPage() {
  const { t } = useTranslation('vendor');
  useDocumentTitle(t('vendor:cards.title'));
  return (
    <>
      <PageHeader title={t('vendor:cards.title')} description={t('vendor:cards.description')} />
      <ApprovedVendorGuard>
        {(member) => <CardsContent isOwner={member.membership.role === 'owner'} />}
      </ApprovedVendorGuard>
    </>
  );
}
