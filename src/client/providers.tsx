import type { I18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Suspense, type ReactNode } from 'react';
import { BrowserRouter } from 'react-router';
import { FullPageSpinner } from '@client/components/ui/spinner';
import { ApiError } from '@client/lib/api-client';
import { catalogue as browserCatalogue } from '@client/lib/i18n';
import { TextOverridesLayer } from '@client/lib/use-text';
import { AppRoutes } from '@client/router';
import { RouteErrorBoundary } from '@client/app/route-error-page';

function shouldRetry(failureCount: number, error: Error): boolean {
  // A 4xx answer (signed out, forbidden, not found, invalid) will not change on a second try.
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

/** The app's query cache; the server's rendering makes one per page with the same rules. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        staleTime: 30_000,
        // Lists are refreshed by navigation and live events, not by every tab switch.
        refetchOnWindowFocus: false,
      },
      mutations: {
        retry: false,
      },
    },
  });
}

export const queryClient = createQueryClient();

/**
 * Everything inside the router, the same in the browser and in the server's rendering of a public
 * page (decision 053), so that hydration meets the tree the server wrote.
 */
export function AppScreens() {
  return (
    <RouteErrorBoundary>
      <Suspense fallback={<FullPageSpinner />}>
        <AppRoutes />
      </Suspense>
    </RouteErrorBoundary>
  );
}

/**
 * The message catalogue, the query cache and the admin's text overrides around a router (the
 * browser's or the server's).
 */
export function AppFrame({
  client,
  catalogue,
  children,
}: {
  client: QueryClient;
  catalogue: I18n;
  children: ReactNode;
}) {
  return (
    <I18nProvider i18n={catalogue}>
      <QueryClientProvider client={client}>
        <TextOverridesLayer />
        {children}
      </QueryClientProvider>
    </I18nProvider>
  );
}

/**
 * The router runs navigations as React transitions: while the next screen's chunk is on its way
 * the current screen stays up (with the progress bar of the root layout).
 */
export function Providers() {
  return (
    <AppFrame client={queryClient} catalogue={browserCatalogue}>
      <BrowserRouter>
        <AppScreens />
      </BrowserRouter>
    </AppFrame>
  );
}
