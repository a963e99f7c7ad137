import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@client/lib/api-client';
import { TEXTS_QUERY_KEY } from '@client/lib/use-text';
import { ADMIN_TEXTS_KEY } from './list-texts';

type TextChange = { action: 'save'; key: string; value: string } | { action: 'reset'; key: string };

/** Save an override of a UI text, or reset it; the SPA's own copy of the texts is refreshed too. */
export function useChangeText() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: TextChange) =>
      apiFetch<{ ok: true }>(`/api/admin/texts/${encodeURIComponent(change.key)}`, {
        method: change.action === 'save' ? 'PUT' : 'DELETE',
        body: change.action === 'save' ? { value: change.value } : undefined,
      }),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ADMIN_TEXTS_KEY }),
        queryClient.invalidateQueries({ queryKey: TEXTS_QUERY_KEY }),
      ]);
    },
  });
}
