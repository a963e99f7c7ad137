import { useTranslation } from '@client/lib/translation';
import '@client/lib/vendor-texts';
import { CircleCheck } from 'lucide-react';
import { Navigate, useSearchParams } from 'react-router';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { PaymentReturnCard } from './payment-return-card';

export function PaymentSuccessPage() {
  const { t } = useTranslation('vendor');
  useDocumentTitle(t('vendor:paymentReturn.successTitle'));
  const [params] = useSearchParams();
  // Without a checkout session there is nothing to confirm: straight to billing.
  if (!params.get('session_id')) return <Navigate to="/vendor/billing" replace />;
  return (
    <PaymentReturnCard
      icon={<CircleCheck className="size-8" />}
      iconClassName="bg-green-100 text-green-700"
      title={t('vendor:paymentReturn.successTitle')}
      text={t('vendor:paymentReturn.successText')}
      status={t('vendor:paymentReturn.successStatus')}
      buttonLabel={t('vendor:paymentReturn.goToBilling')}
      target="/vendor/billing?success=true"
    />
  );
}
