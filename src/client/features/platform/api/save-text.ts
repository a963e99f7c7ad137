import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageLanguage } from '@shared/i18n/roman-urdu';
import * as platformApi from '@shared/platform/contract';
import { callApi } from '@client/lib/api-client';
import { TEXTS_QUERY_KEY } from '@client/lib/use-text';
import { ADMIN_TEXTS_KEY } from './list-texts';
import { refreshAfterWrite } from '@client/lib/refresh-after-write';

/** A change of one text in one language; the other language's text stays as it is. */
type TextChange =
  | { action: 'save'; language: MessageLanguage; key: string; value: string }
  | { action: 'reset'; language: MessageLanguage; key: string };

function changeText(change: TextChange) {
  const params = { language: change.language, key: change.key };
  return change.action === 'save'
    ? callApi(platformApi.saveText, { params, body: { value: change.value } })
    : callApi(platformApi.resetText, { params });
}

/** Save an override of a UI text in one language, or reset it; the SPA's own copy of the texts is refreshed too. */
export function useChangeText() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeText,
    onSuccess: async () => {
      await Promise.all([
        refreshAfterWrite(queryClient, { queryKey: ADMIN_TEXTS_KEY }),
        refreshAfterWrite(queryClient, { queryKey: TEXTS_QUERY_KEY }),
      ]);
    },
  });
}
