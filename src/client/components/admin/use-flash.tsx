import { useCallback, useState } from 'react';
import { Banner } from '@client/components/ui/banner';
import { Button } from '@client/components/ui/button';
import { useTranslation } from '@client/lib/translation';
import '@client/lib/admin-texts';

interface Flash {
  tone: 'success' | 'error';
  text: string;
}

/**
 * SPEC.md's admin alerts ("Vendor approved successfully!" and the like), shown as a banner at the
 * top of the screen instead of a blocking browser alert, and announced to screen readers.
 */
export function useFlash() {
  const { t } = useTranslation('admin');
  const [flash, setFlash] = useState<Flash | null>(null);
  const show = useCallback((tone: Flash['tone'], text: string) => setFlash({ tone, text }), []);
  const element = flash ? (
    <Banner
      tone={flash.tone}
      className="mb-4"
      action={
        <Button variant="ghost" size="sm" onClick={() => setFlash(null)}>
          {t('admin:alerts.dismiss')}
        </Button>
      }
    >
      {flash.text}
    </Banner>
  ) : null;
  return { show, element, clear: useCallback(() => setFlash(null), []) };
}
