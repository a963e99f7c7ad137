import { useQuery } from '@tanstack/react-query';
import type { RotatingCode } from '@shared/stamps';
import { apiFetch } from '@client/lib/api-client';

export interface CounterCode {
  card: { id: string; name: string };
  code: RotatingCode;
}

export function fetchCounterCode(cardId: string): Promise<CounterCode> {
  return apiFetch<CounterCode>(`/api/vendor/cards/${cardId}/counter-code`, { method: 'POST' });
}

/** The rotating counter code of one card, fetched again when the server says (refreshAt). */
export function useCounterCode(cardId: string | null) {
  return useQuery({
    queryKey: ['vendor', 'counter-code', cardId],
    queryFn: () => fetchCounterCode(cardId!),
    enabled: cardId !== null,
    retry: 1,
    gcTime: 0,
    refetchInterval: (query) => {
      const refreshAt = query.state.data?.code.refreshAt;
      return refreshAt ? Math.max(1_000, new Date(refreshAt).getTime() - Date.now()) : false;
    },
    refetchIntervalInBackground: true,
  });
}
