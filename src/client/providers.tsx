import type { I18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Suspense, type ReactNode } from 'react';
import { BrowserRouter } from 'react-router';
import { FullPageSpinner } from '@client/components/ui/spinner';
import { ApiError } from '@client/lib/api-client';
import { catalogue as browserCatalogue } from '@client/lib/i18n';
import { TextOverridesLayer } from '@client/lib/use-text';
import { BrowserValuesProvider } from '@client/lib/use-browser-value';
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
 * browser's or the server's). `fromServer`: the tree is the server's rendering, or the browser's
 * hydration of it, so what only the browser knows waits for the render after (use-browser-value).
 */
export function AppFrame({
  client,
  catalogue,
  fromServer,
  children,
}: {
  client: QueryClient;
  catalogue: I18n;
  fromServer: boolean;
  children: ReactNode;
}) {
  return (
    <I18nProvider i18n={catalogue}>
      <QueryClientProvider client={client}>
        <BrowserValuesProvider fromServer={fromServer}>
          <TextOverridesLayer />
          {children}
        </BrowserValuesProvider>
      </QueryClientProvider>
    </I18nProvider>
  );
}

/**
 * The router runs navigations as React transitions: while the next screen's chunk is on its way
 * the current screen stays up (with the progress bar of the root layout).
 */
export function Providers({ hydrating }: { hydrating: boolean }) {
  return (
    <AppFrame client={queryClient} catalogue={browserCatalogue} fromServer={hydrating}>
      <BrowserRouter>
        <AppScreens />
      </BrowserRouter>
    </AppFrame>
  );
}
