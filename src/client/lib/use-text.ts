import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@client/lib/api-client';

export const TEXTS_QUERY_KEY = ['texts'] as const;

/** The admin's overrides of UI texts (Global Text Editor), fetched once per visit. */
function useTextOverrides() {
  return useQuery({
    queryKey: TEXTS_QUERY_KEY,
    queryFn: ({ signal }) => apiFetch<{ texts: Record<string, string> }>('/api/texts', { signal }),
    staleTime: 5 * 60_000,
    // The fallback is always a fine text: a failed load must never show an error on a public page.
    retry: false,
  });
}

/** An admin's override of this key, or undefined (for texts that mix words and markup). */
export function useTextOverride(key: string): string | undefined {
  return useTextOverrides().data?.texts[key];
}

/**
 * A UI text an admin can override by key; the fallback shows until the overrides arrive and
 * whenever there is none. Keys and their defaults are listed in src/shared/admin-texts.ts.
 */
export function useText(key: string, fallback: string): string {
  return useTextOverride(key) ?? fallback;
}
