import { CardKinds } from './card-kinds';
import { FeaturedVendors } from './featured-vendors';
import { HowItWorks } from './how-it-works';
import { VendorInvite } from './vendor-invite';

/** The landing's sections under the first screen, in a chunk of their own (see landing-page.tsx). */
export function LandingBelowFold() {
  return (
    <>
      <HowItWorks />
      <FeaturedVendors />
      <CardKinds />
      <VendorInvite />
    </>
  );
}
