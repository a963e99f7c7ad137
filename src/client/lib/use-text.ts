import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { callApi } from '@client/lib/api-client';
import { applyTextOverrides } from '@client/lib/i18n';
import * as textsApi from '@shared/contract/texts';

export const TEXTS_QUERY_KEY = ['texts'] as const;

/**
 * Fetches the admin's overrides of the catalogue texts (Global Text Editor) once per visit and
 * lays them over the catalogue; the catalogue's text shows until they arrive and whenever a key
 * has no override. Saving or resetting a text invalidates the query, so the admin sees it at once.
 */
export function TextOverridesLayer() {
  const overrides = useQuery({
    queryKey: TEXTS_QUERY_KEY,
    queryFn: ({ signal }) => callApi(textsApi.overrides, { signal }),
    staleTime: 5 * 60_000,
    // The catalogue is always a fine text: a failed load must never show an error on a public page.
    retry: false,
  });
  const texts = overrides.data?.texts;
  useEffect(() => {
    if (texts) applyTextOverrides(texts);
  }, [texts]);
  return null;
}
