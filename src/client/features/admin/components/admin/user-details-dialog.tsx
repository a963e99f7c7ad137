import type { ReactNode } from 'react';
import { formatPKR } from '@shared/money';
import { formatLongDate } from '@shared/pakistan-time';
import { Badge } from '@client/components/ui/badge';
import { Dialog, DialogContent } from '@client/components/ui/dialog';
import { Spinner } from '@client/components/ui/spinner';
import { useUserDetail } from '@client/features/admin/api/get-user-detail';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mt-5">
      <h3 className="text-sm font-semibold text-stone-900">{title}</h3>
      <div className="mt-2">{children}</div>
    </section>
  );
}

/** A person's profile, the cards they hold and their stamps and rewards. */
export function UserDetailsDialog({
  userId,
  onOpenChange,
  actions,
}: {
  userId: string | null;
  onOpenChange: (open: boolean) => void;
  actions?: ReactNode;
}) {
  const detail = useUserDetail(userId);
  const user = detail.data;
  return (
    <Dialog open={userId !== null} onOpenChange={onOpenChange}>
      <DialogContent
        title={user ? `${user.name} ${user.surname}`.trim() : 'User'}
        description={user?.email}
        className="max-w-2xl"
      >
        {detail.isPending ? (
          <Spinner label="Loading user" className="text-brand-700" />
        ) : !user ? (
          <p role="alert" className="text-sm text-red-700">
            This user could not be loaded.
          </p>
        ) : (
          <>
            <div className="flex flex-wrap gap-2">
              {user.disabledAt ? (
                <Badge tone="red">Disabled since {formatLongDate(user.disabledAt)}</Badge>
              ) : (
                <Badge tone="green">Active</Badge>
              )}
              {user.isAdmin ? (
                <Badge tone="purple">Admin{user.adminGrantedBy ? ` (granted by ${user.adminGrantedBy})` : ''}</Badge>
              ) : null}
              {user.vendor ? (
                <Badge tone="blue">{`${user.vendor.role === 'owner' ? 'Owner' : 'Staff'} of ${user.vendor.name}`}</Badge>
              ) : null}
              <Badge tone={user.verified ? 'green' : 'yellow'}>
                {user.verified ? 'E-mail verified' : 'E-mail not verified'}
              </Badge>
            </div>
            <p className="mt-3 text-sm text-stone-600">
              Joined {formatLongDate(user.createdAt)}
              {user.city ? ` · ${user.city}` : ''}
              {user.phone ? ` · ${user.phone}` : ''}
            </p>
            {actions ? <div className="mt-4 flex flex-wrap gap-2">{actions}</div> : null}
            <Section title={`Cards (${user.cards})`}>
              {user.userCards.length === 0 ? (
                <p className="text-sm text-stone-600">No cards yet.</p>
              ) : (
                <ul className="divide-y divide-stone-100 text-sm">
                  {user.userCards.map((card) => (
                    <li key={card.id} className="flex justify-between gap-3 py-2">
                      <span className="min-w-0">
                        <span className="font-medium text-stone-900">{card.cardName}</span>{' '}
                        <span className="text-stone-500">at {card.vendorName}</span>
                      </span>
                      <span className="shrink-0 text-stone-700 tabular-nums">
                        {card.stampsCollected}/{card.stampsRequired}
                        {card.status === 'completed' ? ' ✓' : ''}
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </Section>
            <Section title={`Latest stamps (${user.stamps} in all)`}>
              {user.recentStamps.length === 0 ? (
                <p className="text-sm text-stone-600">No stamps yet.</p>
              ) : (
                <ul className="divide-y divide-stone-100 text-sm">
                  {user.recentStamps.map((stamp) => (
                    <li key={stamp.id} className="flex justify-between gap-3 py-2">
                      <span className="min-w-0 truncate">
                        {stamp.cardName} · {stamp.vendorName}
                      </span>
                      <time className="shrink-0 text-stone-500" dateTime={stamp.issuedAt}>
                        {formatLongDate(stamp.issuedAt)}
                      </time>
                    </li>
                  ))}
                </ul>
              )}
            </Section>
            <Section title={`Rewards (${user.rewards})`}>
              {user.rewardList.length === 0 ? (
                <p className="text-sm text-stone-600">No rewards yet.</p>
              ) : (
                <ul className="divide-y divide-stone-100 text-sm">
                  {user.rewardList.map((reward) => (
                    <li key={reward.id} className="flex justify-between gap-3 py-2">
                      <span className="min-w-0">
                        {reward.rewardTitle} <span className="text-stone-500">at {reward.vendorName}</span>
                      </span>
                      <span className="shrink-0 text-stone-700">
                        {formatPKR(reward.rewardValue)} ·{' '}
                        {reward.status === 'redeemed' ? `redeemed ${formatLongDate(reward.redeemedAt)}` : 'earned'}
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </Section>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
