import { Outlet } from 'react-router';
import { OfflineBanner } from '@client/components/offline-banner';
import { SessionSummaryProvider } from '@client/app/session-summary-provider';
import { useScreenLoading } from '@client/app/lazy-screen';
import { ScrollRestoration } from '@client/app/scroll-restoration';
import { useReportShownPath } from '@client/lib/shown-path';
import { useDropLanguageParam } from '@client/lib/language';
import { useKioskLock } from '@client/features/stamps/components/vendor/kiosk-lock';

/** A thin bar while a lazy screen chunk is on its way. */
function NavigationProgress() {
  const loading = useScreenLoading();
  if (!loading) return null;
  return (
    <div aria-hidden="true" className="fixed inset-x-0 top-0 z-[70] h-1 overflow-hidden bg-brand-100">
      <div className="h-full w-2/5 bg-brand-700 motion-safe:animate-progress" />
    </div>
  );
}

/** Wraps every area, so the offline banner and scroll handling are on all pages. */
export function RootLayout() {
  useReportShownPath();
  useDropLanguageParam();
  useKioskLock();
  return (
    <SessionSummaryProvider>
      <NavigationProgress />
      <OfflineBanner />
      <Outlet />
      <ScrollRestoration />
    </SessionSummaryProvider>
  );
}
