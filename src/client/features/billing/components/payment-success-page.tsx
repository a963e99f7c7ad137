import { CircleCheck } from 'lucide-react';
import { Navigate, useSearchParams } from 'react-router';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { PaymentReturnCard } from './payment-return-card';

export function PaymentSuccessPage() {
  useDocumentTitle('Payment Successful!');
  const [params] = useSearchParams();
  // Without a checkout session there is nothing to confirm: straight to billing.
  if (!params.get('session_id')) return <Navigate to="/vendor/billing" replace />;
  return (
    <PaymentReturnCard
      icon={<CircleCheck className="size-8" />}
      iconClassName="bg-green-100 text-green-700"
      title="Payment Successful!"
      text="Thank you. Your subscription is being activated."
      status="Taking you to your billing dashboard in a few seconds..."
      buttonLabel="Go to Billing Dashboard"
      target="/vendor/billing?success=true"
    />
  );
}
