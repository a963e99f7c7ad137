import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import { Banner } from '@client/components/ui/banner';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { LandingHero } from './landing-hero';
import { LandingStats } from './landing-stats';

/**
 * What lies under the first screen comes after the entry (decision 053): the server has already
 * painted it, and the browser takes it over once its chunk is in, so the first download and the
 * first hydration carry only the hero and the counts.
 */
const LandingBelowFold = lazy(() =>
  import('./landing-below-fold').then((module) => ({ default: module.LandingBelowFold })),
);

/** A message handed over by the page that sent the visitor here (e.g. after applying as a vendor). */
function FlashMessage() {
  const state = useLocation().state as { flash?: string } | null;
  if (!state?.flash) return null;
  return (
    <div className="mx-auto max-w-6xl px-4 pt-6 sm:px-6 lg:px-8">
      <Banner tone="success">{state.flash}</Banner>
    </div>
  );
}

export function LandingPage() {
  useDocumentTitle(null);
  return (
    <>
      <FlashMessage />
      <LandingHero />
      <LandingStats />
      <Suspense fallback={null}>
        <LandingBelowFold />
      </Suspense>
    </>
  );
}
