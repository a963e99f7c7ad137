import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

let started = false;

/**
 * The customer's screens call it: the first one starts the service worker, the install prompt
 * and the offline copy of the customer's data, from a chunk of their own (decision 040).
 */
export function useOfflineSupport(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (started) return;
    started = true;
    void import('./start-offline').then(({ startOffline }) => startOffline(queryClient));
  }, [queryClient]);
}
