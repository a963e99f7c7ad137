import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VendorApplication } from '@shared/marketplace/marketplace';
import { callApi } from '@client/lib/api-client';
import { SESSION_QUERY_KEY } from '@client/lib/use-session';
import { MY_VENDOR_APPLICATION_KEY } from '@client/components/vendor-area/my-vendor-application';
import * as vendorsApi from '@shared/vendors/contract';
import { refreshAfterWrite } from '@client/lib/refresh-after-write';

export function submitVendorApplication(input: VendorApplication) {
  return callApi(vendorsApi.submit, { body: input });
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
      void refreshAfterWrite(queryClient, { queryKey: SESSION_QUERY_KEY });
      void refreshAfterWrite(queryClient, { queryKey: MY_VENDOR_APPLICATION_KEY });
    },
  });
}
