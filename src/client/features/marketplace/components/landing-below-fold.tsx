import { CardKinds } from './card-kinds';
import { FeaturedVendors } from './featured-vendors';
import { HowItWorks } from './how-it-works';
import { VendorInvite } from './vendor-invite';

/** The landing's sections under the first screen, in a chunk of their own (see landing-page.tsx). */
export function LandingBelowFold() {
  return (
    <>
      <div className="[contain-intrinsic-size:auto_40rem] [content-visibility:auto]">
        <HowItWorks />
      </div>
      <div className="[contain-intrinsic-size:auto_40rem] [content-visibility:auto]">
        <FeaturedVendors />
      </div>
      <div className="[contain-intrinsic-size:auto_40rem] [content-visibility:auto]">
        <CardKinds />
      </div>
      <div className="[contain-intrinsic-size:auto_30rem] [content-visibility:auto]">
        <VendorInvite />
      </div>
    </>
  );
}
