import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { callApi } from '@client/lib/api-client';
import { applyTextOverrides } from '@client/lib/i18n';
import { useLanguage } from '@client/lib/translation';
import * as textsApi from '@shared/platform/texts-contract';

export const TEXTS_QUERY_KEY = ['texts'] as const;

/**
 * Fetches the admin's overrides of the shown language's texts (Global Text Editor) once per visit
 * and per language, and lays them over that language's catalogue; the catalogue's text shows until
 * they arrive and whenever a key has no override. Switching language fetches that language's
 * (decision 047). Saving or resetting a text invalidates the query, so the admin sees it at once.
 */
export function TextOverridesLayer() {
  const language = useLanguage();
  const overrides = useQuery({
    queryKey: [...TEXTS_QUERY_KEY, language],
    queryFn: ({ signal }) => callApi(textsApi.overrides, { query: { language }, signal }),
    staleTime: 5 * 60_000,
    // The catalogue is always a fine text: a failed load must never show an error on a public page.
    retry: false,
  });
  const answer = overrides.data;
  useEffect(() => {
    if (answer) applyTextOverrides(answer.language, answer.texts);
  }, [answer]);
  return null;
}
