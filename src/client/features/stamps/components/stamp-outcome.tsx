import { Link } from 'react-router';
import type { StampResult } from '@shared/stamps/stamps';
import type { TFunction } from '@client/lib/translation';
import { useTranslation } from '@client/lib/translation';
import { Banner } from '@client/components/ui/banner';
import { Button } from '@client/components/ui/button';
import { ApiError } from '@client/lib/api-client';
import '@client/lib/customer-texts';

/** What collecting a stamp came to, as the scanner and the counter link page show it. */
export type ScanOutcome =
  { tone: 'success'; result: StampResult } | { tone: 'error'; message: string; detail?: string };

/** The server's sentence when it refused; SPEC.md's generic line when anything else failed. */
export function stampFailureMessage(error: unknown, t: TFunction): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return error.message;
  return t('customer:scanner.scanFailed');
}

export function StampOutcomeBanner({ outcome, onClose }: { outcome: ScanOutcome; onClose: () => void }) {
  const { t } = useTranslation('customer');
  if (outcome.tone === 'error') {
    return (
      <Banner tone="error" title={outcome.message}>
        {outcome.detail}
      </Banner>
    );
  }
  const { result } = outcome;
  const card = result.userCard;
  return (
    <Banner
      tone="success"
      title={result.message}
      action={
        result.reward ? (
          <Button asChild size="sm" onClick={onClose}>
            <Link to={`/user/rewards/${result.reward.id}`}>{t('customer:scanner.redeem')}</Link>
          </Button>
        ) : undefined
      }
    >
      {result.reward
        ? t('customer:scanner.rewardText', {
            card: card.cardName,
            vendor: card.vendorName,
            reward: result.reward.rewardTitle,
          })
        : t('customer:scanner.stampText', {
            card: card.cardName,
            vendor: card.vendorName,
            collected: card.stampsCollected,
            required: card.stampsRequired,
            count: card.stampsRequired,
          })}
      {/* An order for several that completed the card: the rest start its next round. */}
      {result.carriedStamps > 0 ? (
        <span className="mt-1 block">{t('customer:scanner.carried', { count: result.carriedStamps })}</span>
      ) : null}
      {/* A referred friend's first visit (decision 038): the bonus is already counted above. */}
      {result.bonusMessage ? <span className="mt-1 block font-medium">{result.bonusMessage}</span> : null}
    </Banner>
  );
}
