import { useLocation } from 'react-router';
import { Banner } from '@client/components/ui/banner';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { CardKinds } from './card-kinds';
import { FeaturedVendors } from './featured-vendors';
import { HowItWorks } from './how-it-works';
import { LandingHero } from './landing-hero';
import { LandingStats } from './landing-stats';
import { VendorInvite } from './vendor-invite';

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
      <HowItWorks />
      <FeaturedVendors />
      <CardKinds />
      <VendorInvite />
    </>
  );
}
