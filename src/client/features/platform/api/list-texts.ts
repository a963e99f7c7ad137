import { useQuery } from '@tanstack/react-query';
import type { MessageLanguage } from '@shared/i18n/roman-urdu';
import * as platformApi from '@shared/platform/contract';
import type { QueryOf } from '@shared/api-route';
import { callApi } from '@client/lib/api-client';
import { setFilters } from '@client/lib/query-string';

export const ADMIN_TEXTS_KEY = ['admin', 'texts'] as const;

type TextsQuery = QueryOf<typeof platformApi.texts>;

/** One language's texts, with that language's defaults and overrides. */
export function useAdminTexts(language: MessageLanguage, search: string, namespace: TextsQuery['namespace']) {
  return useQuery({
    queryKey: [...ADMIN_TEXTS_KEY, language, search, namespace],
    queryFn: ({ signal }) =>
      callApi(platformApi.texts, { query: { language, ...setFilters({ search, namespace }) }, signal }),
    // The list stays while the search or screen changes; never another language's texts, whose
    // boxes would save that language's words into this one.
    placeholderData: (previous) => (previous?.language === language ? previous : undefined),
  });
}
