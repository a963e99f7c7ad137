import { Card } from '@client/components/ui/card';
import { Banner } from '@client/components/ui/banner';
import { PageHeader } from '@client/components/ui/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@client/components/ui/tabs';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { useVendorCards } from '@client/features/cards/api/get-vendor-cards';
import {
  ApprovedVendorGuard,
  CenteredSpinner,
} from '@client/features/vendor-applications/components/vendor/approved-vendor-guard';
import { ConfirmRewardPanel } from '@client/features/rewards/components/vendor/confirm-reward-panel';
import { CounterCodePanel } from '@client/features/stamps/components/vendor/counter-code-panel';
import { usePartnerInvitations } from '@client/features/partner-cards/api/partner-cards';
import { ScanCustomerPanel } from './scan-customer-panel';

function IssueStampContent({ businessName }: { businessName: string }) {
  const cards = useVendorCards();
  const partnerCards = usePartnerInvitations();
  if (cards.isPending) return <CenteredSpinner />;
  if (cards.isError) return <Banner tone="error">{cards.error.message}</Banner>;
  // Partner cards this vendor honours stamp here like its own, named with their owner.
  const honoured = (partnerCards.data?.honouring ?? []).map((item) => ({
    id: item.cardId,
    name: item.cardName,
    status: item.cardStatus,
    stampsRequired: item.stampsRequired,
    rewardTitle: item.rewardTitle,
    partnerOf: item.ownerName,
  }));
  return (
    <Tabs defaultValue="counter">
      <TabsList aria-label="Ways to stamp">
        <TabsTrigger value="counter">Counter code</TabsTrigger>
        <TabsTrigger value="customer">Scan customer</TabsTrigger>
        <TabsTrigger value="reward">Confirm reward</TabsTrigger>
      </TabsList>
      <TabsContent value="counter">
        <Card
          title="Counter code"
          description="Customers scan this code with Scan QR Code, or type the short code. Each code gives one stamp: once it is used, the next code shows here at once, so a photo of it is worth nothing."
        >
          <CounterCodePanel cards={[...cards.data.cards, ...honoured]} businessName={businessName} />
        </Card>
      </TabsContent>
      <TabsContent value="customer">
        <Card
          title="Scan a customer's code"
          description="The customer opens My QR; scan it or type its short code, then choose the card."
        >
          <ScanCustomerPanel />
        </Card>
      </TabsContent>
      <TabsContent value="reward">
        <Card
          title="Confirm a reward"
          description="The customer opens Redeem Reward; scan the live reward code or type it."
        >
          <ConfirmRewardPanel />
        </Card>
      </TabsContent>
    </Tabs>
  );
}

export function IssueStampPage() {
  useDocumentTitle('Issue Stamp');
  return (
    <>
      <PageHeader
        title="Issue Stamp"
        description="Show your counter QR code or scan a customer's code to give a stamp."
      />
      <ApprovedVendorGuard>
        {(member) => <IssueStampContent businessName={member.membership.businessName} />}
      </ApprovedVendorGuard>
    </>
  );
}
