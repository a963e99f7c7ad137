import { useEffect, useRef } from 'react';
import { BRAND } from '@shared/brand';
import type { CustomerDashboard } from '@shared/customer';
import { Banner } from '@client/components/ui/banner';
import { Button } from '@client/components/ui/button';
import { Spinner } from '@client/components/ui/spinner';
import { useAddSampleCards } from '../api/add-sample-cards';

/**
 * SPEC.md's sample-data setup in demo mode: a new customer with no cards gets sample cards on
 * load. The banner shows while the setup runs; success shows a message and the cards reload.
 */
export function SampleDataBanner({ demo }: { demo: CustomerDashboard['demo'] }) {
  const addSamples = useAddSampleCards();
  const started = useRef(false);
  const { mutate } = addSamples;

  useEffect(() => {
    if (!demo.sampleCardsAvailable || started.current) return;
    started.current = true;
    mutate();
  }, [demo.sampleCardsAvailable, mutate]);

  if (!demo.enabled) return null;
  if (addSamples.isPending) {
    return (
      <Banner tone="info" title="Setting up sample data…">
        <span className="flex items-center gap-2">
          <Spinner size="sm" label="Adding sample cards" />
          We are adding a few sample loyalty cards so you can try collecting stamps.
        </span>
      </Banner>
    );
  }
  if (addSamples.isError) {
    return (
      <Banner
        tone="error"
        title="Failed to create sample user cards"
        action={
          <Button size="sm" variant="outline" onClick={() => addSamples.mutate()}>
            Try again
          </Button>
        }
      >
        {addSamples.error.message}
      </Banner>
    );
  }
  if (addSamples.isSuccess && addSamples.data.added > 0) {
    return (
      <Banner tone="success" title={addSamples.data.message}>
        Open Scan QR Code and choose “Use a demo code” to collect stamps on them.
      </Banner>
    );
  }
  if (demo.hasSampleCards) {
    return (
      <Banner tone="info" title="Demo mode: sample data">
        Cards marked “Sample” were added so you can try {BRAND.name}. In the scanner, “Use a demo code” stamps one of your cards.
      </Banner>
    );
  }
  return null;
}
