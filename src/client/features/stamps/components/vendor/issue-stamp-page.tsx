import { useTranslation } from '@client/lib/translation';
import { Card } from '@client/components/ui/card';
import { Banner } from '@client/components/ui/banner';
import { PageHeader } from '@client/components/ui/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@client/components/ui/tabs';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { ApprovedVendorGuard, CenteredSpinner } from '@client/components/vendor-area/approved-vendor-guard';
import { ConfirmRewardPanel } from '@client/features/rewards/components/vendor/confirm-reward-panel';
import { CounterCodePanel } from '@client/features/stamps/components/vendor/counter-code-panel';
import { ScanCustomerPanel } from './scan-customer-panel';
import { PhoneStampPanel } from './phone-stamp-panel';
import { useCounterCards } from './use-counter-cards';

function IssueStampContent({ businessName }: { businessName: string }) {
  const { t } = useTranslation('vendor');
  // Partner cards this vendor honours stamp here like its own, named with their owner.
  const { query: cards, counterCards } = useCounterCards();
  if (cards.isPending) return <CenteredSpinner />;
  if (cards.isError) return <Banner tone="error">{cards.error.message}</Banner>;
  return (
    <Tabs defaultValue="counter">
      <TabsList aria-label={t('vendor:issue.ways')}>
        <TabsTrigger value="counter">{t('vendor:issue.counterCode')}</TabsTrigger>
        <TabsTrigger value="customer">{t('vendor:issue.scanCustomer')}</TabsTrigger>
        <TabsTrigger value="phone">{t('vendor:phoneStamp.tab')}</TabsTrigger>
        <TabsTrigger value="reward">{t('vendor:issue.confirmReward')}</TabsTrigger>
      </TabsList>
      <TabsContent value="counter">
        <Card title={t('vendor:issue.counterCode')} description={t('vendor:issue.counterText')}>
          <CounterCodePanel cards={counterCards} businessName={businessName} />
        </Card>
      </TabsContent>
      <TabsContent value="customer">
        <Card title={t('vendor:issue.customerTitle')} description={t('vendor:issue.customerText')}>
          <ScanCustomerPanel />
        </Card>
      </TabsContent>
      <TabsContent value="phone">
        <Card title={t('vendor:phoneStamp.title')} description={t('vendor:phoneStamp.text')}>
          <PhoneStampPanel />
        </Card>
      </TabsContent>
      <TabsContent value="reward">
        <Card title={t('vendor:issue.rewardTitle')} description={t('vendor:issue.rewardText')}>
          <ConfirmRewardPanel />
        </Card>
      </TabsContent>
    </Tabs>
  );
}

export function IssueStampPage() {
  const { t } = useTranslation('vendor');
  useDocumentTitle(t('vendor:issue.title'));
  return (
    <>
      <PageHeader title={t('vendor:issue.title')} description={t('vendor:issue.description')} />
      <ApprovedVendorGuard>
        {(member) => <IssueStampContent businessName={member.membership.businessName} />}
      </ApprovedVendorGuard>
    </>
  );
}
