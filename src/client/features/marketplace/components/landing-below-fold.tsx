import { CardKinds } from './card-kinds';
import { FeaturedVendors } from './featured-vendors';
import { HowItWorks } from './how-it-works';
import { VendorInvite } from './vendor-invite';

const SECTIONS = [
  ['how-it-works', HowItWorks],
  ['featured-vendors', FeaturedVendors],
  ['card-kinds', CardKinds],
  ['vendor-invite', VendorInvite],
] as const;

/**
 * The landing's sections under the first screen, in a chunk of their own (see landing-page.tsx).
 * Each is laid out and painted only when it comes near the viewport, and keeps its drawn size
 * after (decision 073): on a phone the first layout otherwise spent most of its time on them.
 */
export function LandingBelowFold() {
  return (
    <>
      {SECTIONS.map(([name, Section]) => (
        <div key={name} className="[contain-intrinsic-size:auto_40rem] [content-visibility:auto]">
          <Section />
        </div>
      ))}
    </>
  );
}
