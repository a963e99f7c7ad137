import { lazy, Suspense } from 'react';
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

export function LandingPage() {
  useDocumentTitle(null);
  return (
    <>
      <LandingHero />
      <LandingStats />
      <Suspense fallback={null}>
        <LandingBelowFold />
      </Suspense>
    </>
  );
}
