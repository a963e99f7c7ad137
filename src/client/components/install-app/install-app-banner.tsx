import { useTranslation } from '@client/lib/translation';
import { Banner } from '@client/components/ui/banner';
import { Button } from '@client/components/ui/button';
import { useSyncExternalStore } from 'react';
import { installPromptAvailable, promptInstall, subscribeToInstallPrompt } from '@client/lib/offline/install-prompt';
import '@client/lib/customer-texts';

/** True while the browser offers to install the app (Android and desktop Chromium). */
function useInstallPromptAvailable(): boolean {
  return useSyncExternalStore(subscribeToInstallPrompt, installPromptAvailable, () => false);
}

function isIos(userAgent: string): boolean {
  return /iPhone|iPad|iPod/.test(userAgent);
}

function runsInstalled(): boolean {
  return (
    window.matchMedia('(display-mode: standalone)').matches ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true
  );
}

/**
 * "Install app" where the browser offers it (Android and desktop Chromium), the Share → Add to
 * Home Screen steps on iPhone and iPad (Safari has no prompt), nothing once installed.
 */
export function InstallAppBanner() {
  const { t } = useTranslation('customer');
  const available = useInstallPromptAvailable();
  if (runsInstalled()) return null;
  if (available) {
    return (
      <Banner
        tone="info"
        role="none"
        title={t('customer:install.title')}
        action={
          <Button size="sm" onClick={() => void promptInstall()}>
            {t('customer:install.button')}
          </Button>
        }
      >
        {t('customer:install.text')}
      </Banner>
    );
  }
  if (isIos(navigator.userAgent)) {
    return (
      <Banner tone="info" role="none" title={t('customer:install.title')}>
        {t('customer:install.text')} {t('customer:install.ios')}
      </Banner>
    );
  }
  return null;
}
