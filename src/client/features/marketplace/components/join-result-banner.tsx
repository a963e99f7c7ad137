import { useTranslation } from '@client/lib/translation';
import { Link } from 'react-router';
import type { JoinCardResult } from '@shared/marketplace/marketplace';
import { Banner } from '@client/components/ui/banner';
import { Button } from '@client/components/ui/button';
import { ApiError } from '@client/lib/api-client';
import '@client/features/marketplace/marketplace-texts';

interface JoinResultBannerProps {
  status: 'idle' | 'pending' | 'success' | 'error';
  data: JoinCardResult | undefined;
  error: Error | null;
}

function OpenMyCards() {
  const { t } = useTranslation('marketplace');
  return (
    <Button asChild size="sm" variant="outline">
      <Link to="/user">{t('marketplace:join.openMyCards')}</Link>
    </Button>
  );
}

/** The outcome of a join finished after signing in, at the top of the page. */
export function JoinResultBanner({ status, data, error }: JoinResultBannerProps) {
  const { t } = useTranslation('marketplace');
  if (status === 'pending') {
    return <Banner className="mb-6">{t('marketplace:join.adding')}</Banner>;
  }
  if (status === 'success' && data) {
    return (
      <Banner tone="success" className="mb-6" title={t('marketplace:join.addedTitle')} action={<OpenMyCards />}>
        {t('marketplace:join.addedText', { card: data.cardName, vendor: data.vendorName })}
      </Banner>
    );
  }
  if (status === 'error') {
    const heldAlready = error instanceof ApiError && error.code === 'already_held';
    return (
      <Banner tone={heldAlready ? 'info' : 'error'} className="mb-6" action={heldAlready ? <OpenMyCards /> : undefined}>
        {error instanceof ApiError ? error.message : t('marketplace:join.failed')}
      </Banner>
    );
  }
  return null;
}
