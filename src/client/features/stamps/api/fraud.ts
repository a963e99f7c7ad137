import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FraudRulesUpdate } from '@shared/stamps/fraud-rules';
import * as stampsApi from '@shared/stamps/contract';
import { callApi } from '@client/lib/api-client';
import { refreshAfterWrite } from '@client/lib/refresh-after-write';

const FRAUD_ALERTS_KEY = ['vendor', 'fraud-alerts'] as const;
const FRAUD_RULES_KEY = ['vendor', 'fraud-rules'] as const;

/** The owner's stamp alerts, each with the stamps behind it (decision 086). */
export function useFraudAlerts() {
  return useQuery({ queryKey: FRAUD_ALERTS_KEY, queryFn: ({ signal }) => callApi(stampsApi.fraudAlerts, { signal }) });
}

/** "This is fine" or "Reverse these stamps"; the dashboard's figures follow. */
export function useResolveFraudAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ alertId, action }: { alertId: string; action: 'dismiss' | 'reverse' }) =>
      callApi(action === 'dismiss' ? stampsApi.dismissFraudAlert : stampsApi.reverseFraudAlert, {
        params: { alertId },
      }),
    onSuccess: () => void refreshAfterWrite(queryClient, { queryKey: ['vendor'] }),
  });
}

/** The quantity above which staff type the shop's PIN, and whether one is set. */
export function useFraudRules() {
  return useQuery({ queryKey: FRAUD_RULES_KEY, queryFn: ({ signal }) => callApi(stampsApi.fraudRules, { signal }) });
}

export function useSetFraudRules() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: FraudRulesUpdate) => callApi(stampsApi.setFraudRules, { body: input }),
    onSuccess: (rules) => queryClient.setQueryData(FRAUD_RULES_KEY, rules),
  });
}
