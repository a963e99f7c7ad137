import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CampaignAudienceQuery, CreateCampaignInput } from '@shared/campaigns/campaigns';
import * as campaignsApi from '@shared/campaigns/contract';
import { callApi } from '@client/lib/api-client';
import { refreshAfterWrite } from '@client/lib/refresh-after-write';

export const VENDOR_CAMPAIGNS_KEY = ['vendor', 'campaigns'] as const;

export function useCampaigns() {
  return useQuery({
    queryKey: [...VENDOR_CAMPAIGNS_KEY, 'list'],
    queryFn: ({ signal }) => callApi(campaignsApi.list, { signal }),
  });
}

/** The live recipient count of the composer; the last count stays while the next one loads. */
export function useCampaignAudience(query: CampaignAudienceQuery | null) {
  return useQuery({
    queryKey: [...VENDOR_CAMPAIGNS_KEY, 'audience', query],
    queryFn: ({ signal }) =>
      callApi(campaignsApi.audience, {
        signal,
        query: { segment: query!.segment, ...(query!.lapsedDays ? { lapsedDays: query!.lapsedDays } : {}) },
      }),
    enabled: query !== null,
    placeholderData: keepPreviousData,
  });
}

export function useCreateCampaign() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateCampaignInput) => callApi(campaignsApi.create, { body }),
    onSuccess: () => void refreshAfterWrite(client, { queryKey: VENDOR_CAMPAIGNS_KEY }),
  });
}

export function useCancelCampaign() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (campaignId: string) => callApi(campaignsApi.cancel, { params: { campaignId } }),
    onSuccess: () => void refreshAfterWrite(client, { queryKey: VENDOR_CAMPAIGNS_KEY }),
  });
}
