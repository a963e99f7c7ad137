import { useEffect, useRef } from 'react';
import type { CustomerDashboard } from '@shared/customers/customer';
import { Banner } from '@client/components/ui/banner';
import { Button } from '@client/components/ui/button';
import { Spinner } from '@client/components/ui/spinner';
import { useAddSampleCards } from '@client/features/customers/api/add-sample-cards';
import { useTranslation } from '@client/lib/translation';
import '@client/lib/customer-texts';

/**
 * SPEC.md's sample-data setup in demo mode: a new customer with no cards gets sample cards on
 * load. The banner shows while the setup runs; success shows a message and the cards reload.
 */
export function SampleDataBanner({ demo }: { demo: CustomerDashboard['demo'] }) {
  const addSamples = useAddSampleCards();
  const { t } = useTranslation('customer');
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
      <Banner tone="info" title={t('customer:samples.settingUp')}>
        <span className="flex items-center gap-2">
          <Spinner size="sm" label={t('customer:samples.adding')} />
          {t('customer:samples.addingText')}
        </span>
      </Banner>
    );
  }
  if (addSamples.isError) {
    return (
      <Banner
        tone="error"
        title={t('customer:samples.failed')}
        action={
          <Button size="sm" variant="outline" onClick={() => addSamples.mutate()}>
            {t('customer:samples.tryAgain')}
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
        {t('customer:samples.addedText')}
      </Banner>
    );
  }
  if (demo.hasSampleCards) {
    return (
      <Banner tone="info" title={t('customer:samples.demoTitle')}>
        {t('customer:samples.demoText')}
      </Banner>
    );
  }
  return null;
}
