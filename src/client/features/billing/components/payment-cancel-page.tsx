import { useTranslation } from '@client/lib/translation';
import '@client/lib/vendor-texts';
import { CircleX } from 'lucide-react';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { PaymentReturnCard } from './payment-return-card';

export function PaymentCancelPage() {
  const { t } = useTranslation('vendor');
  useDocumentTitle(t('vendor:paymentReturn.cancelTitle'));
  return (
    <PaymentReturnCard
      icon={<CircleX className="size-8" />}
      iconClassName="bg-stone-100 text-stone-600"
      title={t('vendor:paymentReturn.cancelTitle')}
      text={t('vendor:paymentReturn.cancelText')}
      status={t('vendor:paymentReturn.cancelStatus')}
      buttonLabel={t('vendor:paymentReturn.backToBilling')}
      buttonVariant="outline"
      target="/vendor/billing?canceled=true"
    />
  );
}
