import type { ReactNode } from 'react';
import { BRAND } from '@shared/brand';
import { CARD_TYPE_LABELS } from '@shared/cards';
import { formatPKR } from '@shared/money';
import { formatLongDate, formatLongDateTime } from '@shared/pakistan-time';
import type { VendorCard } from '@shared/vendor-cards';
import { Dialog, DialogContent } from '@client/components/ui/dialog';
import { CardStatusBadge, CompletionBadge } from '@client/components/cards/card-status-badge';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[10rem_1fr] gap-3 py-2 text-sm max-sm:grid-cols-1 max-sm:gap-0.5">
      <dt className="text-stone-600">{label}</dt>
      <dd className="min-w-0 font-medium break-words text-stone-900">{children}</dd>
    </div>
  );
}

function intervalText(minutes: number): string {
  if (minutes === 0) return 'No minimum';
  if (minutes % 60 === 0) return `${minutes / 60} hour${minutes === 60 ? '' : 's'}`;
  return `${minutes} minutes`;
}

export function CardDetailsDialog({
  card,
  onOpenChange,
}: {
  card: VendorCard | null;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={card !== null} onOpenChange={onOpenChange}>
      {card ? (
        <DialogContent title={card.name} description={card.description || undefined}>
          <dl className="divide-y divide-stone-100">
            <Row label="Type">{card.dealStartsAt ? BRAND.hourlyName : CARD_TYPE_LABELS[card.cardType]}</Row>
            <Row label="Status">
              <CardStatusBadge status={card.status} />
            </Row>
            <Row label="Users">{card.users.toLocaleString('en-PK')}</Row>
            <Row label="Completion">
              <CompletionBadge percent={card.completionRate} />{' '}
              <span className="text-stone-600">
                ({card.completedUsers} of {card.users} completed at least once)
              </span>
            </Row>
            <Row label="Stamps required">{card.stampsRequired}</Row>
            <Row label="Between stamps">{intervalText(card.minStampIntervalMinutes)}</Row>
            <Row label="Reward">
              {card.rewardTitle} · {formatPKR(card.rewardValue)}
              {card.rewardDescription ? (
                <span className="block font-normal text-stone-600">{card.rewardDescription}</span>
              ) : null}
            </Row>
            {card.cardType === 'daily_chaska' ? (
              <>
                <Row label="Deal price">
                  {formatPKR(card.dealPrice ?? 0)}{' '}
                  <span className="text-stone-600 line-through">{formatPKR(card.originalPrice ?? 0)}</span>
                </Row>
                <Row label="Stock left">{card.stockLeft ?? 0}</Row>
                {card.dealStartsAt ? <Row label="Deal starts">{formatLongDateTime(card.dealStartsAt)}</Row> : null}
                <Row label="Deal ends">{formatLongDateTime(card.dealEndsAt)}</Row>
              </>
            ) : null}
            {card.cardType === 'exclusive' ? (
              <Row label="Membership fee">{formatPKR(card.membershipFeeYearly ?? 0)} per year</Row>
            ) : null}
            <Row label="Created">{formatLongDate(card.createdAt)}</Row>
            <Row label="Last updated">{formatLongDate(card.updatedAt)}</Row>
          </dl>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
