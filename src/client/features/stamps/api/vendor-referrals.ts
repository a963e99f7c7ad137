import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as stampsApi from '@shared/stamps/contract';
import { callApi } from '@client/lib/api-client';

const VENDOR_REFERRALS_KEY = ['vendor', 'referrals'] as const;

/** The vendor's referral switch and what referrals brought. */
export function useVendorReferrals() {
  return useQuery({
    queryKey: VENDOR_REFERRALS_KEY,
    queryFn: ({ signal }) => callApi(stampsApi.vendorSummary, { signal }),
  });
}

/** The owner switches referral bonuses on or off. */
export function useSetVendorReferrals() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) => callApi(stampsApi.updateSettings, { body: { enabled } }),
    onSuccess: (summary) => queryClient.setQueryData(VENDOR_REFERRALS_KEY, summary),
  });
}
