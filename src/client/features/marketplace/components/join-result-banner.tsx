import { Link } from 'react-router';
import type { JoinCardResult } from '@shared/marketplace';
import { Banner } from '@client/components/ui/banner';
import { Button } from '@client/components/ui/button';
import { ApiError } from '@client/lib/api-client';

interface JoinResultBannerProps {
  status: 'idle' | 'pending' | 'success' | 'error';
  data: JoinCardResult | undefined;
  error: Error | null;
}

function OpenMyCards() {
  return (
    <Button asChild size="sm" variant="outline">
      <Link to="/user">Open my cards</Link>
    </Button>
  );
}

/** The outcome of a join finished after signing in, at the top of the page. */
export function JoinResultBanner({ status, data, error }: JoinResultBannerProps) {
  if (status === 'pending') {
    return <Banner className="mb-6">Adding the card to your account...</Banner>;
  }
  if (status === 'success' && data) {
    return (
      <Banner tone="success" className="mb-6" title="Added to your cards" action={<OpenMyCards />}>
        {data.cardName} from {data.vendorName} is now in your cards. Show your QR code at the counter to collect stamps.
      </Banner>
    );
  }
  if (status === 'error') {
    const heldAlready = error instanceof ApiError && error.code === 'already_held';
    return (
      <Banner tone={heldAlready ? 'info' : 'error'} className="mb-6" action={heldAlready ? <OpenMyCards /> : undefined}>
        {error instanceof ApiError ? error.message : 'Failed to add loyalty card'}
      </Banner>
    );
  }
  return null;
}
