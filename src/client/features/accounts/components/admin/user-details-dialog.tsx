import type { ReactNode } from 'react';
import { formatPKR } from '@shared/number-format';
import { formatLongDate } from '@shared/pakistan-time';
import { Badge } from '@client/components/ui/badge';
import { Dialog, DialogContent } from '@client/components/ui/dialog';
import { Spinner } from '@client/components/ui/spinner';
import { useUserDetail } from '@client/features/accounts/api/get-user-detail';
import { useTranslation } from '@client/lib/translation';
import '@client/lib/admin-texts';
import { contactText } from '@shared/accounts/phone';
import { cityName } from '@client/components/place-options';
import { keepLeftToRight } from '@shared/format-locale';

/** A completed card's tick after its stamps. */
const COMPLETED_MARK = ' ✓';

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
  const { t } = useTranslation('admin');
  const detail = useUserDetail(userId);
  const user = detail.data;
  return (
    <Dialog open={userId !== null} onOpenChange={onOpenChange}>
      <DialogContent
        title={user ? `${user.name} ${user.surname}`.trim() : t('admin:user.fallbackTitle')}
        description={user ? keepLeftToRight(contactText(user.email)) : undefined}
        className="max-w-2xl"
      >
        {detail.isPending ? (
          <Spinner label={t('admin:user.loading')} className="text-brand-700" />
        ) : !user ? (
          <p role="alert" className="text-sm text-red-700">
            {t('admin:user.error')}
          </p>
        ) : (
          <>
            <div className="flex flex-wrap gap-2">
              {user.closedAt ? (
                <Badge tone="grey">{t('admin:user.closedSince', { date: formatLongDate(user.closedAt) })}</Badge>
              ) : user.disabledAt ? (
                <Badge tone="red">{t('admin:user.disabledSince', { date: formatLongDate(user.disabledAt) })}</Badge>
              ) : (
                <Badge tone="green">{t('admin:users.active')}</Badge>
              )}
              {user.isAdmin ? (
                <Badge tone="purple">
                  {t('admin:users.admin')}
                  {user.adminGrantedBy ? t('admin:user.grantedBy', { by: user.adminGrantedBy }) : ''}
                </Badge>
              ) : null}
              {user.vendor ? (
                <Badge tone="blue">
                  {user.vendor.role === 'owner'
                    ? t('admin:user.ownerOf', { vendor: user.vendor.name })
                    : t('admin:user.staffOf', { vendor: user.vendor.name })}
                </Badge>
              ) : null}
              <Badge tone={user.verified ? 'green' : 'yellow'}>
                {user.verified ? t('admin:user.verified') : t('admin:user.notVerified')}
              </Badge>
            </div>
            <p className="mt-3 text-sm text-stone-600">
              {t('admin:user.joined', { date: formatLongDate(user.createdAt) })}
              {user.city ? ` · ${cityName(user.city, t)}` : ''}
              {user.phone ? (
                <>
                  {' · '}
                  <bdi dir="ltr">{user.phone}</bdi>
                </>
              ) : null}
            </p>
            {actions ? <div className="mt-4 flex flex-wrap gap-2">{actions}</div> : null}
            <Section title={t('admin:user.cards', { count: user.cards })}>
              {user.userCards.length === 0 ? (
                <p className="text-sm text-stone-600">{t('admin:user.noCards')}</p>
              ) : (
                <ul className="divide-y divide-stone-100 text-sm">
                  {user.userCards.map((card) => (
                    <li key={card.id} className="flex justify-between gap-3 py-2">
                      <span className="min-w-0">
                        <span className="font-medium text-stone-900">{card.cardName}</span>{' '}
                        <span className="text-stone-500">{t('admin:user.at', { vendor: card.vendorName })}</span>
                      </span>
                      <span className="shrink-0 text-stone-700 tabular-nums">
                        {card.stampsCollected}/{card.stampsRequired}
                        {card.status === 'completed' ? COMPLETED_MARK : ''}
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </Section>
            <Section title={t('admin:user.stamps', { count: user.stamps })}>
              {user.recentStamps.length === 0 ? (
                <p className="text-sm text-stone-600">{t('admin:user.noStamps')}</p>
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
            <Section title={t('admin:user.rewards', { count: user.rewards })}>
              {user.rewardList.length === 0 ? (
                <p className="text-sm text-stone-600">{t('admin:user.noRewards')}</p>
              ) : (
                <ul className="divide-y divide-stone-100 text-sm">
                  {user.rewardList.map((reward) => (
                    <li key={reward.id} className="flex justify-between gap-3 py-2">
                      <span className="min-w-0">
                        {reward.rewardTitle}{' '}
                        <span className="text-stone-500">{t('admin:user.at', { vendor: reward.vendorName })}</span>
                      </span>
                      <span className="shrink-0 text-stone-700">
                        {formatPKR(reward.rewardValue)} ·{' '}
                        {reward.status === 'redeemed'
                          ? t('admin:user.redeemedOn', { date: formatLongDate(reward.redeemedAt) })
                          : t('admin:user.earned')}
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
