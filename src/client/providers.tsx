import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Suspense } from 'react';
import { BrowserRouter } from 'react-router';
import { FullPageSpinner } from '@client/components/ui/spinner';
import { ApiError } from '@client/lib/api-client';
import { TextOverridesLayer } from '@client/lib/use-text';
import { AppRoutes } from '@client/router';
import { RouteErrorBoundary } from '@client/app/route-error-page';

function shouldRetry(failureCount: number, error: Error): boolean {
  // A 4xx answer (signed out, forbidden, not found, invalid) will not change on a second try.
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

export const queryClient = new QueryClient({
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

/**
 * The router runs navigations as React transitions: while the next screen's chunk is on its way
 * the current screen stays up (with the progress bar of the root layout).
 */
export function Providers() {
  return (
    <QueryClientProvider client={queryClient}>
      <TextOverridesLayer />
      <BrowserRouter>
        <RouteErrorBoundary>
          <Suspense fallback={<FullPageSpinner />}>
            <AppRoutes />
          </Suspense>
        </RouteErrorBoundary>
      </BrowserRouter>
    </QueryClientProvider>
  );
}
