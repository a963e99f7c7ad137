import { Star } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '@client/lib/translation';
import { clsx } from 'clsx';
import { RATING_COMMENT_MAX, type VisitsToRate } from '@shared/vendors/feedback';
import { formatDayAndTime } from '@shared/pakistan-time';
import { Banner } from '@client/components/ui/banner';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { FormField, Textarea } from '@client/components/ui/form-field';
import { useRateVisit, useVisitsToRate } from '@client/features/vendors/api/visits-to-rate';
import '@client/lib/customer-texts';

type Visit = VisitsToRate['visits'][number];

/** Five stars as a radio group: one tab stop, arrows move, each star names its count. */
function StarChoice({ value, onChange }: { value: number; onChange: (value: number) => void }) {
  const { t } = useTranslation('customer');
  return (
    <fieldset>
      <legend className="mb-1 text-sm font-medium text-stone-900">{t('customer:rating.stars')}</legend>
      <div className="flex gap-1">
        {[1, 2, 3, 4, 5].map((stars) => (
          <label
            key={stars}
            className="cursor-pointer rounded-md p-1 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600"
          >
            <input
              type="radio"
              name="rating"
              value={stars}
              checked={value === stars}
              onChange={() => onChange(stars)}
              className="sr-only"
            />
            <Star
              aria-hidden="true"
              className={clsx('size-8', stars <= value ? 'fill-amber-400 text-amber-500' : 'text-stone-400')}
            />
            <span className="sr-only">{t('customer:rating.star', { count: stars })}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function RateVisitForm({ visit, onRated }: { visit: Visit; onRated: (message: string) => void }) {
  const { t } = useTranslation('customer');
  const rate = useRateVisit();
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState('');
  const [missing, setMissing] = useState(false);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (rating === 0) {
      setMissing(true);
      return;
    }
    rate.mutate(
      { stampId: visit.stampId, rating, comment: comment.trim() || undefined },
      { onSuccess: (rated) => onRated(rated.message) },
    );
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-3" aria-label={t('customer:rating.title')}>
      <p className="text-sm text-stone-700">
        {t('customer:rating.text', { vendor: visit.vendorName, card: visit.cardName })}{' '}
        {t('customer:rating.rateBefore', { time: formatDayAndTime(visit.rateBefore) })}
      </p>
      <StarChoice
        value={rating}
        onChange={(value) => {
          setRating(value);
          setMissing(false);
        }}
      />
      {missing ? (
        <p role="alert" className="text-sm text-red-800">
          {t('customer:rating.chooseStars')}
        </p>
      ) : null}
      <FormField label={t('customer:rating.comment')}>
        <Textarea
          rows={2}
          maxLength={RATING_COMMENT_MAX}
          value={comment}
          onChange={(event) => setComment(event.target.value)}
        />
      </FormField>
      {rate.isError ? (
        <p role="alert" className="text-sm text-red-800">
          {rate.error.message}
        </p>
      ) : null}
      <Button type="submit" className="self-start" disabled={rate.isPending}>
        {rate.isPending ? t('customer:rating.sending') : t('customer:rating.submit')}
      </Button>
    </form>
  );
}

/**
 * The customer dashboard's "How was your visit?": the newest visit of the last 24 hours not rated
 * yet (stamps collected by scanning or issued by staff alike). Hidden when there is none.
 */
export function RateVisitPanel() {
  const { t } = useTranslation('customer');
  const visits = useVisitsToRate();
  const [thanks, setThanks] = useState<string | null>(null);
  const visit = visits.data?.visits[0];
  if (!thanks && !visit) return null;
  return (
    <div className="flex flex-col gap-4">
      <div aria-live="polite" className="empty:hidden">
        {thanks ? (
          <Banner tone="success" role="none">
            {thanks}
          </Banner>
        ) : null}
      </div>
      {visit ? (
        <Card title={t('customer:rating.title')}>
          <RateVisitForm key={visit.stampId} visit={visit} onRated={setThanks} />
        </Card>
      ) : null}
    </div>
  );
}
