import { Flame, Timer } from 'lucide-react';
import { Link } from 'react-router';
import { BRAND } from '@shared/brand';
import type { PublicCard } from '@shared/marketplace';
import { Button } from '@client/components/ui/button';
import { EmptyState } from '@client/components/ui/empty-state';
import { CardListingPage } from './card-listing-page';
import { formatCountdown, useCountdown } from './use-countdown';

/** The page-wide countdown: to the end of the soonest deal on the page (ISO times sort as text). */
function DealsCountdown({ cards }: { cards: PublicCard[] }) {
  const soonest = cards
    .map((card) => card.dealEndsAt)
    .filter((endsAt): endsAt is string => endsAt !== null)
    .sort()[0];
  const remainingMs = useCountdown(soonest ?? null);
  return (
    <div className="flex flex-col gap-2 rounded-2xl bg-gradient-to-r from-red-700 to-brand-700 p-4 text-white shadow-sm sm:flex-row sm:items-center sm:justify-between sm:p-5">
      <p className="flex items-center gap-2 font-semibold">
        <Flame aria-hidden="true" className="size-5 shrink-0 text-amber-200" />
        Limited stock. Claim yours before the timer runs out.
      </p>
      {remainingMs ? (
        <p className="flex items-center gap-2 text-sm font-medium text-white/90">
          <Timer aria-hidden="true" className="size-5 shrink-0" />
          Next deal ends in
          <span className="rounded-lg bg-white/15 px-2 py-1 font-mono text-lg font-bold text-white tabular-nums">
            {formatCountdown(remainingMs)}
          </span>
        </p>
      ) : null}
    </div>
  );
}

/** SPEC.md: daily_chaska cards with the DAILY SPECIAL badge, price, stock, countdown and Claim Now. */
export function DailyChaskaPage() {
  return (
    <CardListingPage
      title={BRAND.dailyName}
      description="Today's specials from local vendors. Daily deals update every 24 hours."
      filter={{ type: 'daily_chaska' }}
      badge="DAILY SPECIAL"
      joinLabel="Claim Now"
      empty={
        <EmptyState
          icon={<Flame />}
          title="No daily deals right now"
          text="New deals arrive every day. Check back soon."
          action={
            <Button asChild>
              <Link to="/">Back to Home</Link>
            </Button>
          }
        />
      }
    >
      {(cards) => <DealsCountdown cards={cards} />}
    </CardListingPage>
  );
}
