import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SaveSeoPageInput, SeoPage } from '@shared/admin-seo';
import { apiFetch } from '@client/lib/api-client';
import { PAGE_HEAD_QUERY_KEY } from '@client/lib/use-document-title';
import { SEO_PAGES_KEY } from './list-seo-pages';

type SeoChange = { action: 'save'; input: SaveSeoPageInput } | { action: 'reset'; path: string };

/** Save a page's title and description, or reset the page to its own. */
export function useChangeSeoPage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: SeoChange): Promise<unknown> =>
      change.action === 'save'
        ? apiFetch<SeoPage>('/api/admin/seo/pages', { method: 'PUT', body: change.input })
        : apiFetch<{ ok: true }>(`/api/admin/seo/pages?path=${encodeURIComponent(change.path)}`, { method: 'DELETE' }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: SEO_PAGES_KEY }),
        queryClient.invalidateQueries({ queryKey: PAGE_HEAD_QUERY_KEY }),
      ]),
  });
}
