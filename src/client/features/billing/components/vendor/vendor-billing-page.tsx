import { useEffect, useState } from 'react';
import type { TFunction } from '@client/lib/translation';
import { useTranslation } from '@client/lib/translation';
import { Link, useSearchParams } from 'react-router';
import {
  BILLING_MESSAGES,
  isSubscriptionInGoodStanding,
  planButtonKind,
  type BillingSummary,
} from '@shared/billing/billing';
import type { PlanId } from '@shared/billing/plans';
import { RequireVendor } from '@client/components/guards';
import { Banner } from '@client/components/ui/banner';
import { Button } from '@client/components/ui/button';
import { PageHeader } from '@client/components/ui/page-header';
import { Spinner } from '@client/components/ui/spinner';
import { ApiError } from '@client/lib/api-client';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { useBilling } from '@client/features/billing/api/get-billing';
import { useStartCheckout } from '@client/features/billing/api/start-checkout';
import { usePlanTexts } from '@client/features/billing/use-plan-texts';
import { AvailablePlans } from './available-plans';
import { BillingInformation } from './billing-information';
import { CurrentSubscription } from './current-subscription';
import { DowngradeDialog } from './downgrade-dialog';
import { SubscriptionActions } from './subscription-actions';
import { PaymentHistory } from './payment-history';

/** The checkout errors of SPEC.md section 8 are shown as they come; anything else gets the generic text. */
const KNOWN_CHECKOUT_ERRORS: readonly string[] = [
  BILLING_MESSAGES.invalidPlan,
  BILLING_MESSAGES.checkoutFailed,
  BILLING_MESSAGES.networkError,
];

function checkoutErrorText(t: TFunction, error: unknown): string {
  if (
    error instanceof ApiError &&
    (KNOWN_CHECKOUT_ERRORS.includes(error.message) || error.status === 403 || error.status === 409)
  ) {
    return t('vendor:billing.error', { message: error.message });
  }
  return BILLING_MESSAGES.upgradeFailed;
}

function ReturnBanner({ billing }: { billing: BillingSummary }) {
  const { t } = useTranslation('vendor');
  const plans = usePlanTexts();
  const [params] = useSearchParams();
  if (params.get('success') === 'true') {
    return billing.subscription.status === 'active' ? (
      <Banner tone="success" title={t('vendor:billing.paymentReceived')}>
        {t('vendor:billing.thankYou', { plan: plans.name(billing.subscription.planId) })}
      </Banner>
    ) : (
      <Banner tone="info" title={t('vendor:billing.paymentReceived')}>
        {t('vendor:billing.waiting')}
      </Banner>
    );
  }
  if (params.get('canceled') === 'true') {
    return (
      <Banner tone="info" title={t('vendor:billing.checkoutCancelled')}>
        {t('vendor:billing.noCharges')}
      </Banner>
    );
  }
  return null;
}

/** What a past-due or canceled subscription means for the vendor, in plain words. */
function StatusBanner({ billing }: { billing: BillingSummary }) {
  const { t } = useTranslation('vendor');
  const plans = usePlanTexts();
  const { status, planId } = billing.subscription;
  if (status === 'past_due') {
    return (
      <Banner tone="warning" title={t('vendor:billing.pastDueTitle')}>
        {t('vendor:billing.pastDueText', { plan: plans.name(planId) })}
      </Banner>
    );
  }
  if (status === 'canceled') {
    return (
      <Banner tone="info" title={t('vendor:billing.canceledTitle')}>
        {t('vendor:billing.canceledText')}
      </Banner>
    );
  }
  return null;
}

function BillingContent() {
  const { t } = useTranslation('vendor');
  const [params] = useSearchParams();
  const billing = useBilling({ pollWhileAwaitingPayment: params.get('success') === 'true' });
  const checkout = useStartCheckout();
  const { reset } = checkout;
  const [downgradeTo, setDowngradeTo] = useState<PlanId | null>(null);

  // Coming back with the browser's Back button restores this page from cache: clear "Processing...".
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) reset();
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, [reset]);

  if (billing.isPending) {
    return (
      <div className="flex justify-center py-12 text-brand-700">
        <Spinner size="lg" label={t('vendor:billing.loading')} />
      </div>
    );
  }
  if (billing.isError) {
    return (
      <Banner tone="error" title={t('vendor:billing.loadFailed')}>
        {billing.error.message}
      </Banner>
    );
  }

  const data = billing.data;
  const processingPlanId: PlanId | null =
    checkout.isPending || checkout.isSuccess ? (checkout.variables ?? null) : null;
  return (
    <div className="flex flex-col gap-6">
      {data.provider.id === 'sandbox' ? (
        <Banner tone="warning" title={t('vendor:billing.sandboxTitle')}>
          {t('vendor:billing.sandbox')}
        </Banner>
      ) : null}
      <ReturnBanner billing={data} />
      {checkout.isError ? <Banner tone="error">{checkoutErrorText(t, checkout.error)}</Banner> : null}
      {data.notice ? (
        <Banner
          tone="warning"
          title={t('vendor:billing.planChanged', { from: data.notice.fromPlanName, to: data.notice.toPlanName })}
        >
          {t('vendor:billing.pausedCards', {
            count: data.notice.pausedCards.length,
            cards: data.notice.pausedCards.map((card) => card.name).join(', '),
          })}
        </Banner>
      ) : null}
      <StatusBanner billing={data} />
      {!data.canManage ? <Banner tone="info">{t('vendor:billing.ownerOnly')}</Banner> : null}
      <CurrentSubscription billing={data} />
      <SubscriptionActions billing={data} />
      <AvailablePlans
        billing={data}
        processingPlanId={processingPlanId}
        onChoose={(planId) => {
          // A running subscription moves to a lower plan at the end of its paid period; anything else is a checkout.
          const current = { planId: data.subscription.planId, status: data.subscription.status };
          if (isSubscriptionInGoodStanding(data.subscription.status) && planButtonKind(current, planId) === 'downgrade')
            setDowngradeTo(planId);
          else checkout.mutate(planId);
        }}
      />
      <DowngradeDialog billing={data} planId={downgradeTo} onClose={() => setDowngradeTo(null)} />
      {data.canManage ? (
        <div className="grid gap-6 2xl:grid-cols-[2fr_1fr]">
          <PaymentHistory />
          <BillingInformation information={data.billingInformation} />
        </div>
      ) : (
        <div>
          <Button asChild variant="outline">
            <Link to="/support">{t('vendor:dashboard.contactSupport')}</Link>
          </Button>
        </div>
      )}
    </div>
  );
}

export function VendorBillingPage() {
  const { t } = useTranslation('vendor');
  useDocumentTitle(t('vendor:billing.title'));
  return (
    <>
      <PageHeader title={t('vendor:billing.title')} description={t('vendor:billing.description')} />
      <RequireVendor>
        <BillingContent />
      </RequireVendor>
    </>
  );
}
