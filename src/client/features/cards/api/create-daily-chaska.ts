import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateDailyChaskaInput, CreatedCard } from '@shared/admin-dashboard';
import { apiFetch } from '@client/lib/api-client';

export function useCreateDailyChaska() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateDailyChaskaInput) =>
      apiFetch<CreatedCard>('/api/admin/daily-chaska', { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}
