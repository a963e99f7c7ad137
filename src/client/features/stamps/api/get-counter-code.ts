import { useQuery } from '@tanstack/react-query';
import { callApi } from '@client/lib/api-client';
import * as stampsApi from '@shared/stamps/contract';

/**
 * `quantity`: a code for an order of several stamps (where the vendor allows it); one stamp by
 * default. `branchId`: the branch whose counter shows it, signed into the code (decision 084).
 */
export function fetchCounterCode(cardId: string, quantity = 1, branchId: string | null = null) {
  const query = { ...(quantity > 1 ? { quantity } : {}), ...(branchId ? { branchId } : {}) };
  return callApi(stampsApi.counterCode, {
    params: { cardId },
    ...(Object.keys(query).length > 0 ? { query } : {}),
  });
}

export function counterCodeQueryKey(cardId: string | null, quantity = 1, branchId: string | null = null) {
  return ['vendor', 'counter-code', cardId, quantity, branchId] as const;
}

/** Without the live channel, how often the screen takes a fresh code anyway (a used one may be on show). */
const FALLBACK_REFRESH_MS = 5_000;

/**
 * The rotating counter code of one card. It is fetched again when the server says (refreshAt)
 * and, since a code gives one stamp only, as soon as the live channel says it was used
 * (useCounterCodeUsed). While the live channel is down the screen refreshes every few seconds.
 */
export function useCounterCode(
  cardId: string | null,
  options: { liveConnected: boolean; quantity?: number; branchId?: string | null },
) {
  const quantity = options.quantity ?? 1;
  const branchId = options.branchId ?? null;
  return useQuery({
    queryKey: counterCodeQueryKey(cardId, quantity, branchId),
    queryFn: () => fetchCounterCode(cardId!, quantity, branchId),
    enabled: cardId !== null,
    retry: 1,
    gcTime: 0,
    refetchInterval: (query) => {
      const refreshAt = query.state.data?.code.refreshAt;
      if (!refreshAt) return false;
      const untilRefresh = Math.max(1_000, new Date(refreshAt).getTime() - Date.now());
      return options.liveConnected ? untilRefresh : Math.min(untilRefresh, FALLBACK_REFRESH_MS);
    },
    refetchIntervalInBackground: true,
  });
}
