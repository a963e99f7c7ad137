import { useTranslation } from '@client/lib/translation';
import { Card } from '@client/components/ui/card';
import { Banner } from '@client/components/ui/banner';
import { PageHeader } from '@client/components/ui/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@client/components/ui/tabs';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { ApprovedVendorGuard, CenteredSpinner } from '@client/components/vendor-area/approved-vendor-guard';
import { ConfirmRewardPanel } from '@client/features/rewards/components/vendor/confirm-reward-panel';
import { useState } from 'react';
import { FormField, Select } from '@client/components/ui/form-field';
import { useCounterBranches } from '@client/features/stamps/api/get-counter-branches';
import { CounterCodePanel, type CounterCard } from '@client/features/stamps/components/vendor/counter-code-panel';
import { ScanCustomerPanel } from './scan-customer-panel';
import { PhoneStampPanel } from './phone-stamp-panel';
import { useCounterCards } from './use-counter-cards';

function IssueStampContent({ businessName }: { businessName: string }) {
  const { t } = useTranslation('vendor');
  // Partner cards this vendor honours stamp here like its own, named with their owner.
  const { query: cards, counterCards } = useCounterCards();
  // A chain's counter names its branch (decisions 084, 089): staff choose among their own only.
  const branches = useCounterBranches();
  const [chosenBranch, setChosenBranch] = useState<string | null>(null);
  const branchId = branches.chain
    ? ((branches.options.find((branch) => branch.id === chosenBranch) ?? branches.options[0])?.id ?? null)
    : null;
  if (cards.isPending) return <CenteredSpinner />;
  if (cards.isError) return <Banner tone="error">{cards.error.message}</Banner>;
  return (
    <div className="flex flex-col gap-4">
      {branches.chain ? (
        branches.options.length > 0 ? (
          <FormField label={t('vendor:counter.branch')} className="sm:w-72">
            <Select value={branchId ?? ''} onChange={(event) => setChosenBranch(event.target.value)}>
              {branches.options.map((option) => (
                <option key={option.id} value={option.id}>
                  {option.name}
                </option>
              ))}
            </Select>
          </FormField>
        ) : (
          <Banner tone="warning">{t('vendor:counter.noBranchOfYours')}</Banner>
        )
      ) : null}
      <IssueStampTabs businessName={businessName} counterCards={counterCards} branchId={branchId} />
    </div>
  );
}

function IssueStampTabs({
  businessName,
  counterCards,
  branchId,
}: {
  businessName: string;
  counterCards: CounterCard[];
  branchId: string | null;
}) {
  const { t } = useTranslation('vendor');
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
          <CounterCodePanel cards={counterCards} businessName={businessName} branchId={branchId} />
        </Card>
      </TabsContent>
      <TabsContent value="customer">
        <Card title={t('vendor:issue.customerTitle')} description={t('vendor:issue.customerText')}>
          <ScanCustomerPanel branchId={branchId} />
        </Card>
      </TabsContent>
      <TabsContent value="phone">
        <Card title={t('vendor:phoneStamp.title')} description={t('vendor:phoneStamp.text')}>
          <PhoneStampPanel branchId={branchId} />
        </Card>
      </TabsContent>
      <TabsContent value="reward">
        <Card title={t('vendor:issue.rewardTitle')} description={t('vendor:issue.rewardText')}>
          <ConfirmRewardPanel branchId={branchId} />
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
