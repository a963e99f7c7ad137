import { ArrowRight, Flame, Gift, LayoutDashboard, QrCode, Stamp } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@client/components/ui/button';
import { useSessionSummary } from '@client/lib/session-summary-context';
import { useTranslation } from '@client/lib/translation';
import { AccentedText } from './accented-text';

const STAMP_SLOTS = 8;
const FILLED_SLOTS = 5;

/** A picture of the idea, not of anyone's card: it carries no vendor, figures or data. */
function StampCardIllustration() {
  const { t } = useTranslation();
  return (
    <div aria-hidden="true" className="relative mx-auto w-full max-w-sm">
      <div className="absolute -inset-4 -z-10 rotate-3 rounded-[2rem] bg-brand-200/60" />
      <div className="rounded-3xl bg-gradient-to-br from-brand-700 via-brand-800 to-brand-950 p-6 pb-14 text-white shadow-2xl shadow-brand-900/30">
        <div className="flex items-center justify-between">
          <span className="text-sm font-semibold tracking-wide text-brand-100 uppercase">
            {t('landing:hero.cardTitle')}
          </span>
          <Flame className="size-6 text-brand-300" />
        </div>
        <div className="mt-6 grid grid-cols-4 gap-3">
          {Array.from({ length: STAMP_SLOTS }, (_, index) =>
            index < FILLED_SLOTS ? (
              <span
                key={index}
                className="flex aspect-square items-center justify-center rounded-full bg-brand-300 text-brand-950 shadow-inner"
              >
                <Stamp className="size-5" />
              </span>
            ) : index === STAMP_SLOTS - 1 ? (
              <span
                key={index}
                className="flex aspect-square items-center justify-center rounded-full border-2 border-dashed border-brand-300 text-brand-200"
              >
                <Gift className="size-5" />
              </span>
            ) : (
              <span key={index} className="aspect-square rounded-full border-2 border-dashed border-white/40" />
            ),
          )}
        </div>
        <div className="mt-6 h-2 overflow-hidden rounded-full bg-white/20">
          <div className="h-full w-[62%] rounded-full bg-brand-300" />
        </div>
        <p className="mt-3 text-sm text-brand-100">{t('landing:hero.cardHint')}</p>
      </div>
      <div className="absolute -end-2 -bottom-6 flex items-center gap-2 rounded-2xl bg-white px-4 py-3 text-sm font-semibold text-stone-900 shadow-xl ring-1 ring-stone-200 sm:-end-6">
        <span className="flex size-9 items-center justify-center rounded-xl bg-brand-100 text-brand-800">
          <QrCode className="size-5" />
        </span>
        {t('landing:hero.scanBadge')}
      </div>
    </div>
  );
}

function HeroActions() {
  const { t } = useTranslation();
  const session = useSessionSummary();
  if (session.status === 'signed-in') {
    return (
      <Button asChild size="lg">
        <Link to={session.dashboardPath}>
          <LayoutDashboard aria-hidden="true" />
          {t('landing:hero.dashboard')}
        </Link>
      </Button>
    );
  }
  return (
    <>
      <Button asChild size="lg">
        <Link to="/auth">
          {t('landing:hero.getStarted')}
          <ArrowRight aria-hidden="true" />
        </Link>
      </Button>
      <Button asChild size="lg" variant="outline">
        <Link to="/auth">{t('landing:hero.signIn')}</Link>
      </Button>
    </>
  );
}

export function LandingHero() {
  const { t } = useTranslation();
  return (
    <section className="relative isolate overflow-hidden bg-gradient-to-b from-brand-50 via-amber-50/60 to-stone-50">
      <div className="mx-auto grid max-w-6xl items-center gap-14 px-4 pt-12 pb-20 sm:px-6 sm:pt-16 md:grid-cols-2 md:gap-10 lg:px-8 lg:pt-24 lg:pb-28">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full bg-white px-3 py-1 text-sm font-semibold text-brand-800 shadow-sm ring-1 ring-brand-200">
            <Flame aria-hidden="true" className="size-4" />
            {t('landing:hero.tagline')}
          </p>
          <h1 className="mt-5 text-4xl font-extrabold tracking-tight text-balance text-stone-900 sm:text-5xl lg:text-6xl">
            {/* <accent> marks the highlighted word; an admin's override may drop or move it. */}
            <AccentedText
              text={t('landing:hero.headline')}
              accent={(part) => <span className="text-brand-700">{part}</span>}
            />
          </h1>
          <p className="mt-5 max-w-xl text-lg text-pretty text-stone-700">{t('landing:hero.intro')}</p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <HeroActions />
          </div>
          <p className="mt-6 text-sm text-stone-600">{t('landing:hero.audience')}</p>
        </div>
        <StampCardIllustration />
      </div>
    </section>
  );
}
