import { RotateCw } from 'lucide-react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { BrandLogo } from '@client/components/brand-logo';
import { Button } from '@client/components/ui/button';
import { EmptyState } from '@client/components/ui/empty-state';
import { useDocumentTitle } from '@client/lib/use-document-title';

/**
 * Last line of defence for a screen that throws or a code chunk that fails to load (for example
 * after a new release replaced it); reloading fetches the current files.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  useDocumentTitle(notFound ? 'Page not found' : 'Something went wrong');

  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-8 px-4 py-10">
      <Link to="/" aria-label="Home" className="rounded-lg">
        <BrandLogo />
      </Link>
      <EmptyState
        className="w-full max-w-lg"
        titleAs="h1"
        title={notFound ? 'Page not found' : 'Something went wrong'}
        text={
          notFound
            ? 'The page you are looking for does not exist or has moved.'
            : 'This page could not be shown. Please reload and try again.'
        }
        action={
          <>
            {notFound ? null : (
              <Button onClick={() => window.location.reload()}>
                <RotateCw aria-hidden="true" />
                Reload
              </Button>
            )}
            <Button asChild variant={notFound ? 'primary' : 'outline'}>
              <Link to="/">Go to the home page</Link>
            </Button>
          </>
        }
      />
    </div>
  );
}
