import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as adminApi from '@shared/contract/admin';
import { callApi } from '@client/lib/api-client';
import { TEXTS_QUERY_KEY } from '@client/lib/use-text';
import { ADMIN_TEXTS_KEY } from './list-texts';

type TextChange = { action: 'save'; key: string; value: string } | { action: 'reset'; key: string };

function changeText(change: TextChange) {
  const params = { key: change.key };
  return change.action === 'save'
    ? callApi(adminApi.saveText, { params, body: { value: change.value } })
    : callApi(adminApi.resetText, { params });
}

/** Save an override of a UI text, or reset it; the SPA's own copy of the texts is refreshed too. */
export function useChangeText() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeText,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ADMIN_TEXTS_KEY }),
        queryClient.invalidateQueries({ queryKey: TEXTS_QUERY_KEY }),
      ]);
    },
  });
}
