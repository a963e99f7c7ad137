import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VendorApplication, VendorApplicationCreated } from '@shared/marketplace';
import { apiFetch } from '@client/lib/api-client';
import { SESSION_QUERY_KEY } from '@client/lib/use-session';
import { MY_VENDOR_APPLICATION_KEY } from './get-my-vendor-application';

export function submitVendorApplication(input: VendorApplication): Promise<VendorApplicationCreated> {
  return apiFetch<VendorApplicationCreated>('/api/vendor-applications', { method: 'POST', body: input });
}

/**
 * Applying makes the person a (pending) vendor owner: the session and the status refresh. Not
 * awaited on purpose: the new session swaps the form for "already applied", and the caller's
 * onSuccess (the navigation) must run before that unmounts it.
 */
export function useSubmitVendorApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitVendorApplication,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: MY_VENDOR_APPLICATION_KEY });
    },
  });
}
