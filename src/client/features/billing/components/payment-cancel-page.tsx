import { CircleX } from 'lucide-react';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { PaymentReturnCard } from './payment-return-card';

export function PaymentCancelPage() {
  useDocumentTitle('Payment Cancelled');
  return (
    <PaymentReturnCard
      icon={<CircleX className="size-8" />}
      iconClassName="bg-stone-100 text-stone-600"
      title="Payment Cancelled"
      text="No charges were made. Your plan has not changed."
      status="Taking you back to billing in a few seconds..."
      buttonLabel="Back to Billing"
      buttonVariant="outline"
      target="/vendor/billing?canceled=true"
    />
  );
}
