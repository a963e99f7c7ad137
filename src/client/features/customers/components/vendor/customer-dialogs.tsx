import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from '@client/lib/translation';
import { CARD_TYPE_NAME_KEYS } from '@shared/cards/cards';
import { formatPKR } from '@shared/number-format';
import { formatLongDate, formatLongDateTime } from '@shared/pakistan-time';
import { messageCustomerSchema, type MessageCustomerInput } from '@shared/customers/vendor-customers';
import { Badge } from '@client/components/ui/badge';
import { Banner } from '@client/components/ui/banner';
import { Button } from '@client/components/ui/button';
import { Dialog, DialogContent, DialogFooter } from '@client/components/ui/dialog';
import { FormField, Input, Textarea } from '@client/components/ui/form-field';
import { Spinner } from '@client/components/ui/spinner';
import { useCustomerDetail } from '@client/features/customers/api/get-customer-detail';
import { useMessageCustomer } from '@client/features/customers/api/message-customer';
import { contactText } from '@shared/accounts/phone';
import { cityName } from '@client/components/place-options';

/** View: the customer's cards, stamps and rewards with this vendor only. */
export function CustomerDetailDialog({
  userId,
  onOpenChange,
}: {
  userId: string | null;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('vendor');
  const detail = useCustomerDetail(userId);
  return (
    <Dialog open={userId !== null} onOpenChange={onOpenChange}>
      <DialogContent
        title={detail.data?.name ?? t('vendor:customerDetail.fallbackTitle')}
        description={
          detail.data ? (
            <>
              <bdi dir="ltr">{contactText(detail.data.email)}</bdi>
              {detail.data.phone ? (
                <>
                  {' · '}
                  <bdi dir="ltr">{detail.data.phone}</bdi>
                </>
              ) : null}
            </>
          ) : undefined
        }
        className="max-w-2xl"
      >
        {detail.isPending ? (
          <div className="flex justify-center py-8 text-brand-700">
            <Spinner label={t('vendor:customerDetail.loading')} />
          </div>
        ) : detail.isError ? (
          <Banner tone="error">{detail.error.message}</Banner>
        ) : (
          <div className="flex flex-col gap-5 text-sm">
            <p className="text-stone-600">
              {t('vendor:customerDetail.since', { date: formatLongDate(detail.data.joinedAt) })}
              {detail.data.city ? ` · ${cityName(detail.data.city, t)}` : ''}
            </p>
            <section>
              <h3 className="mb-2 font-semibold text-stone-900">{t('vendor:customerDetail.cards')}</h3>
              <ul className="flex flex-col gap-2">
                {detail.data.cards.map((card) => (
                  <li key={card.userCardId} className="rounded-lg border border-stone-200 p-3">
                    <div className="flex flex-wrap items-center justify-between gap-2">
                      <span className="font-medium text-stone-900">{card.name}</span>
                      <Badge tone={card.status === 'completed' ? 'green' : 'grey'}>
                        {card.status === 'completed'
                          ? t('vendor:customerDetail.completed')
                          : t('vendor:customerDetail.collecting')}
                      </Badge>
                    </div>
                    <p className="mt-1 text-stone-600">
                      {t(
                        card.earnKind === 'points'
                          ? 'vendor:customerDetail.pointsLine'
                          : 'vendor:customerDetail.cardLine',
                        {
                          type: t(CARD_TYPE_NAME_KEYS[card.cardType]),
                          collected: card.stampsCollected,
                          required: card.stampsRequired,
                          count: card.stampsRequired,
                        },
                      )}
                      {card.lastStampAt
                        ? t('vendor:customerDetail.lastStamp', { date: formatLongDateTime(card.lastStampAt) })
                        : ''}
                      {card.cardStatus === 'archived' ? t('vendor:customerDetail.cardDeleted') : ''}
                    </p>
                    {card.tier ? (
                      <p className="mt-1 text-stone-600">
                        {card.tier.name
                          ? t('vendor:customerDetail.level', {
                              level: card.tier.name,
                              multiplier: card.tier.multiplier,
                            })
                          : t('vendor:customerDetail.noLevel')}
                        {' · '}
                        {t(
                          card.tier.basis === 'points'
                            ? 'vendor:customerDetail.levelPoints'
                            : 'vendor:customerDetail.levelVisits',
                          { count: card.tier.count },
                        )}
                      </p>
                    ) : null}
                  </li>
                ))}
              </ul>
            </section>
            <section>
              <h3 className="mb-2 font-semibold text-stone-900">{t('vendor:customerDetail.rewards')}</h3>
              {detail.data.rewards.length === 0 ? (
                <p className="text-stone-600">{t('vendor:customerDetail.noRewards')}</p>
              ) : (
                <ul className="divide-y divide-stone-100">
                  {detail.data.rewards.map((reward) => (
                    <li key={reward.id} className="flex flex-wrap justify-between gap-2 py-2">
                      <span>
                        {t('vendor:customerDetail.rewardLine', {
                          reward: reward.rewardTitle,
                          value: formatPKR(reward.rewardValue),
                          card: reward.cardName,
                        })}
                      </span>
                      <span className="text-stone-600">
                        {reward.status === 'withdrawn'
                          ? t('vendor:customerDetail.withdrawn', { date: formatLongDate(reward.earnedAt) })
                          : reward.redeemedAt
                            ? t('vendor:customerDetail.redeemed', { date: formatLongDate(reward.redeemedAt) })
                            : t('vendor:customerDetail.earned', { date: formatLongDate(reward.earnedAt) })}
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </section>
            <section>
              <h3 className="mb-2 font-semibold text-stone-900">{t('vendor:customerDetail.history')}</h3>
              <ul className="max-h-56 divide-y divide-stone-100 overflow-y-auto">
                {detail.data.stamps.map((stamp) => (
                  <li key={stamp.id} className="flex justify-between gap-2 py-1.5">
                    <span>{stamp.cardName}</span>
                    <time dateTime={stamp.issuedAt} className="text-stone-600">
                      {formatLongDateTime(stamp.issuedAt)}
                    </time>
                  </li>
                ))}
              </ul>
            </section>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}

const OUTCOME_KEYS = {
  sent: 'vendor:messageCustomer.sent',
  queued: 'vendor:messageCustomer.queued',
  skipped: 'vendor:messageCustomer.skipped',
  failed: 'vendor:messageCustomer.failed',
} as const;

/** Message: an e-mail that respects the customer's "vendor updates" preference. */
export function MessageCustomerDialog({
  customer,
  onOpenChange,
}: {
  customer: { userId: string; name: string } | null;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('vendor');
  return (
    <Dialog open={customer !== null} onOpenChange={onOpenChange}>
      {customer ? (
        <DialogContent
          title={t('vendor:messageCustomer.title', { name: customer.name })}
          description={t('vendor:messageCustomer.description')}
        >
          <MessageForm key={customer.userId} userId={customer.userId} onClose={() => onOpenChange(false)} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function MessageForm({ userId, onClose }: { userId: string; onClose: () => void }) {
  const { t } = useTranslation('vendor');
  const form = useForm<MessageCustomerInput>({
    resolver: zodResolver(messageCustomerSchema),
    defaultValues: { subject: '', message: '' },
  });
  const send = useMessageCustomer();
  const submit = form.handleSubmit((values) => send.mutate({ userId, ...values }));
  const outcome = send.data?.outcome;
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      {outcome ? (
        <Banner tone={outcome === 'sent' || outcome === 'queued' ? 'success' : 'warning'}>
          {t(OUTCOME_KEYS[outcome])}
        </Banner>
      ) : null}
      {send.error ? <Banner tone="error">{send.error.message}</Banner> : null}
      <FormField label={t('vendor:messageCustomer.subject')} required error={form.formState.errors.subject?.message}>
        <Input {...form.register('subject')} placeholder={t('vendor:messageCustomer.subjectPlaceholder')} />
      </FormField>
      <FormField label={t('vendor:messageCustomer.message')} required error={form.formState.errors.message?.message}>
        <Textarea {...form.register('message')} rows={5} />
      </FormField>
      <DialogFooter>
        <Button variant="outline" onClick={onClose}>
          {outcome ? t('vendor:messageCustomer.close') : t('vendor:form.cancel')}
        </Button>
        {!outcome ? (
          <Button type="submit" busy={send.isPending}>
            {t('vendor:messageCustomer.send')}
          </Button>
        ) : null}
      </DialogFooter>
    </form>
  );
}
