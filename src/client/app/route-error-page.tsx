import { RotateCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { useTranslation } from '@client/lib/translation';
import { Link, useLocation } from 'react-router';
import { BrandLogo } from '@client/components/brand-logo';
import { Button } from '@client/components/ui/button';
import { EmptyState } from '@client/components/ui/empty-state';
import { useDocumentTitle } from '@client/lib/use-document-title';

/**
 * Last line of defence for a screen that throws or a code chunk that fails to load (for example
 * after a new release replaced it); reloading fetches the current files.
 */
export function RouteErrorPage() {
  const { t } = useTranslation();
  const title = t('common:routeError.title');
  useDocumentTitle(title);

  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-8 px-4 py-10">
      <Link to="/" aria-label={t('common:header.home')} className="rounded-lg">
        <BrandLogo />
      </Link>
      <EmptyState
        className="w-full max-w-lg"
        titleAs="h1"
        title={title}
        text={t('common:routeError.text')}
        action={
          <>
            <Button onClick={() => window.location.reload()}>
              <RotateCw aria-hidden="true" />
              {t('common:routeError.reload')}
            </Button>
            <Button asChild variant="outline">
              <Link to="/">{t('common:notFound.home')}</Link>
            </Button>
          </>
        }
      />
    </div>
  );
}

/** Shows RouteErrorPage instead of a screen that failed, and tries again on the next address. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary FallbackComponent={RouteErrorPage} resetKeys={[pathname]}>
      {children}
    </ErrorBoundary>
  );
}
