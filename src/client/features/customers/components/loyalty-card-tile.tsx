import { Clock, Gift } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { cardMilestones, tierStanding } from '@shared/cards/earn-rules';
import { useChooseReward } from '@client/features/rewards/api/choose-reward';
import { Trans, useTranslation } from '@client/lib/translation';
import type { DashboardCard } from '@shared/customers/customer';
import { CARD_TYPE_NAME_KEYS, type CardType } from '@shared/cards/cards';
import { formatPKR } from '@shared/number-format';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { formatDayAndTime, formatLongDate } from '@shared/pakistan-time';
import { formatRewardLastDay } from '@shared/rewards/reward-expiry';
import { WalletButtons } from '@client/features/wallet/components/wallet-buttons';
import { InviteFriend } from '@client/features/stamps/components/invite-friend';
import '@client/lib/customer-texts';
import { cityName } from '@client/components/place-options';
import { VendorLogo } from '@client/components/vendor-logo';

/** SPEC.md: the bar is capped at 100%. */
export function progressPercent(collected: number, required: number): number {
  if (required <= 0) return 100;
  return Math.min(100, Math.round((collected / required) * 100));
}

export type CardNextStep =
  | { kind: 'redeem'; rewardId: string }
  | { kind: 'paused' }
  | { kind: 'collect'; remaining: number; nextStampAt: string | null };

/**
 * What the tile offers next. A reward waiting is always redeemable; a card the vendor paused takes
 * no stamps, so it says so instead of counting down to a stamp that cannot come.
 */
export function cardNextStep(card: DashboardCard): CardNextStep {
  if (card.status === 'completed' && card.rewardId !== null) return { kind: 'redeem', rewardId: card.rewardId };
  if (card.cardStatus !== 'active') return { kind: 'paused' };
  return {
    kind: 'collect',
    remaining: Math.max(0, card.stampsRequired - card.stampsCollected),
    nextStampAt: card.nextStampAt,
  };
}

/** A stamp card's next earlier reward still ahead this round (decision 085); null past the last one. */
export function nextMilestone(card: DashboardCard): { at: number; rewardTitle: string } | null {
  if (card.earnKind === 'points') return null;
  return (
    [...card.milestones].sort((a, b) => a.at - b.at).find((milestone) => milestone.at > card.stampsCollected) ?? null
  );
}

/**
 * A points card's menu: every reward by its price, and whether the points free to spend (the
 * balance less what chosen rewards hold) buy it now, or how many more it needs.
 */
export function pointsMenu(card: DashboardCard): { at: number; rewardTitle: string; short: number }[] {
  if (card.earnKind !== 'points') return [];
  const free = card.stampsCollected - card.heldPoints;
  return cardMilestones({ ...card, milestones: card.milestones }).map((milestone) => ({
    at: milestone.at,
    rewardTitle: milestone.rewardTitle,
    short: Math.max(0, milestone.at - free),
  }));
}

/** A points card's menu, each reward chosen with a button when the points buy it (decision 085). */
function PointsMenu({ card }: { card: DashboardCard }) {
  const { t } = useTranslation('customer');
  const choose = useChooseReward();
  const navigate = useNavigate();
  return (
    <div className="flex flex-col gap-2">
      {choose.error ? <p className="text-sm text-red-700">{choose.error.message}</p> : null}
      {pointsMenu(card).map((item) =>
        item.short === 0 ? (
          <Button
            key={item.at}
            variant="secondary"
            busy={choose.isPending && choose.variables?.milestone === item.at}
            disabled={choose.isPending}
            onClick={() =>
              choose.mutate(
                { cardId: card.cardId, milestone: item.at },
                { onSuccess: (reward) => void navigate(`/user/rewards/${reward.id}`) },
              )
            }
          >
            {t('customer:points.choose', { reward: item.rewardTitle, price: item.at })}
          </Button>
        ) : (
          <p key={item.at} className="text-sm text-stone-600">
            {t('customer:points.short', { reward: item.rewardTitle, count: item.short })}
          </p>
        ),
      )}
    </div>
  );
}

/** A tiered card's level and what the next one needs (decision 087). */
function TierLine({ card }: { card: DashboardCard }) {
  const { t } = useTranslation('customer');
  const standing = card.tier ? tierStanding(card.tier.rule, card.tier.level, card.tier.count) : null;
  if (!card.tier || !standing) return null;
  const { next } = standing;
  return (
    <div className="rounded-lg bg-brand-50 px-3 py-2 text-sm text-stone-800" data-testid="card-tier">
      <p className="font-semibold">
        {standing.level
          ? t('customer:card.tierLevel', { level: standing.level.name, multiplier: standing.level.multiplier })
          : t('customer:card.tierNoLevel')}
      </p>
      <p>
        {next
          ? t(card.tier.rule.basis === 'points' ? 'customer:card.tierNextPoints' : 'customer:card.tierNextVisits', {
              count: next.needs,
              level: next.name,
              multiplier: next.multiplier,
            })
          : t('customer:card.tierTop')}
      </p>
    </div>
  );
}

/** One of the customer's cards: vendor, progress, and what comes next. */
export function LoyaltyCardTile({ card }: { card: DashboardCard }) {
  const { t } = useTranslation('customer');
  const percent = progressPercent(card.stampsCollected, card.stampsRequired);
  const next = cardNextStep(card);
  const points = card.earnKind === 'points';
  const ahead = nextMilestone(card);
  // Rewards waiting besides a completed card's last one (an earlier milestone's, a points choice).
  const waiting = card.waitingRewards.filter((reward) => reward.id !== (next.kind === 'redeem' ? next.rewardId : null));
  return (
    <article className="flex h-full min-w-0 flex-col gap-4 rounded-xl border border-stone-200 bg-white p-4 shadow-sm sm:p-5">
      <header className="flex items-start gap-3">
        <VendorLogo logo={card.vendor.logo} size="card" />
        <div className="min-w-0 flex-1">
          <h3 className="text-base font-semibold text-balance break-words text-stone-900">{card.name}</h3>
          <Link
            to={`/vendors/${card.vendor.slug}`}
            className="block truncate text-sm text-stone-600 hover:text-brand-800 hover:underline"
          >
            {card.vendor.name} · {cityName(card.vendor.city, t)}
          </Link>
          {card.partners.length > 0 ? (
            <p className="text-sm text-stone-600">
              {t('common:card.honouredAt', {
                names: [card.vendor.name, ...card.partners.map((partner) => partner.name)].join(', '),
              })}
            </p>
          ) : null}
        </div>
        <div className="flex shrink-0 flex-col items-end gap-1">
          <Badge tone={card.cardType === 'hot_shot' ? 'orange' : card.cardType === 'exclusive' ? 'purple' : 'grey'}>
            {t(CARD_TYPE_NAME_KEYS[card.cardType as CardType])}
          </Badge>
          {card.isSample ? <Badge tone="blue">{t('customer:card.sample')}</Badge> : null}
          {next.kind === 'paused' ? <Badge tone="yellow">{t('customer:card.paused')}</Badge> : null}
        </div>
      </header>

      <div>
        <div className="flex items-baseline justify-between gap-2 text-sm">
          <span className="font-semibold text-stone-900 tabular-nums">
            {points
              ? t('customer:points.balance', { count: card.stampsCollected })
              : t('customer:card.stamps', {
                  collected: card.stampsCollected,
                  required: card.stampsRequired,
                  count: card.stampsRequired,
                })}
          </span>
          <span className="text-stone-600 tabular-nums">{percent}%</span>
        </div>
        <div
          role="progressbar"
          aria-label={t('customer:card.progressLabel', { card: card.name })}
          aria-valuemin={0}
          aria-valuemax={card.stampsRequired}
          aria-valuenow={Math.min(card.stampsCollected, card.stampsRequired)}
          className="mt-2 h-2.5 overflow-hidden rounded-full bg-stone-100"
        >
          <div
            className="h-full rounded-full bg-brand-600 transition-[width] duration-500"
            style={{ width: `${percent}%` }}
          />
        </div>
      </div>

      {card.lastReversedAt ? (
        <p className="text-sm text-amber-800" data-testid="card-reversal">
          {t('customer:card.reversed', {
            count: card.reversedStamps,
            vendor: card.vendor.name,
            date: formatLongDate(card.lastReversedAt),
          })}
        </p>
      ) : null}

      <TierLine card={card} />
      {card.headStartStamps > 0 && !points ? (
        <p className="text-sm text-stone-600">{t('customer:headStart.given', { count: card.headStartStamps })}</p>
      ) : null}
      {ahead ? (
        <p className="text-sm text-stone-700">
          {t('customer:milestones.next', { count: ahead.at, reward: ahead.rewardTitle })}
        </p>
      ) : null}
      {waiting.length > 0 ? (
        <div className="flex flex-col gap-2">
          {points ? <p className="text-sm text-stone-600">{t('customer:points.chosen')}</p> : null}
          {waiting.map((reward) => (
            <Button key={reward.id} asChild variant="secondary">
              <Link to={`/user/rewards/${reward.id}`}>
                {t('customer:milestones.redeem', { reward: reward.rewardTitle })}
              </Link>
            </Button>
          ))}
        </div>
      ) : null}
      <p className="flex items-start gap-2 text-sm text-stone-700">
        <Gift aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-700" />
        <span>
          {card.rewardTitle}
          {card.rewardValue > 0 ? <span className="text-stone-500"> · {formatPKR(card.rewardValue)}</span> : null}
        </span>
      </p>

      <div className="mt-auto">
        {next.kind === 'redeem' ? (
          <>
            {card.rewardExpiresAt ? (
              <p className="mb-2 text-sm font-medium text-amber-800">
                {t('customer:reward.expiresOn', { date: formatRewardLastDay(card.rewardExpiresAt) })}
              </p>
            ) : null}
            <Button asChild className="w-full">
              <Link to={`/user/rewards/${next.rewardId}`}>{t('customer:card.redeem')}</Link>
            </Button>
          </>
        ) : next.kind === 'paused' ? (
          <p className="text-sm text-stone-700">
            <Trans
              i18nKey="customer:card.pausedText"
              components={{ strong: <span className="font-medium text-stone-900" /> }}
            />
          </p>
        ) : points ? (
          <PointsMenu card={card} />
        ) : (
          <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
            <span className="font-medium text-brand-800">
              {t('customer:card.remaining', { count: next.remaining })}
            </span>
            {next.nextStampAt ? (
              <span className="flex items-center gap-1 text-stone-600">
                <Clock aria-hidden="true" className="size-4" />
                {t('customer:card.nextStamp', { time: formatDayAndTime(next.nextStampAt) })}
              </span>
            ) : null}
          </div>
        )}
        {next.kind !== 'paused' && !card.isSample ? <InviteFriend cardId={card.cardId} cardName={card.name} /> : null}
      </div>
      <WalletButtons userCardId={card.id} cardName={card.name} />
    </article>
  );
}
