import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AutomationKind, SaveAutomationInput } from '@shared/campaigns/automations';
import * as campaignsApi from '@shared/campaigns/contract';
import { callApi } from '@client/lib/api-client';
import { refreshAfterWrite } from '@client/lib/refresh-after-write';

const AUTOMATIONS_KEY = ['vendor', 'automations'] as const;

/** The vendor's four automations, their texts and whether the plan has them. */
export function useAutomations() {
  return useQuery({
    queryKey: AUTOMATIONS_KEY,
    queryFn: ({ signal }) => callApi(campaignsApi.automations, { signal }),
  });
}

/** The owner saves one automation; the list is read again so every switch shows what is stored. */
export function useSaveAutomation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { kind: AutomationKind; setting: SaveAutomationInput }) =>
      callApi(campaignsApi.save, { params: { kind: input.kind }, body: input.setting }),
    onSuccess: () => refreshAfterWrite(queryClient, { queryKey: AUTOMATIONS_KEY }),
  });
}
