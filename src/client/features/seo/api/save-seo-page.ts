import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SaveSeoPageInput } from '@shared/seo/admin-seo';
import { callApi } from '@client/lib/api-client';
import { PAGE_HEAD_QUERY_KEY } from '@client/lib/use-document-title';
import { SEO_PAGES_KEY } from './list-seo-pages';
import * as seoApi from '@shared/seo/contract';
import { refreshAfterWrite } from '@client/lib/refresh-after-write';

type SeoChange = { action: 'save'; input: SaveSeoPageInput } | { action: 'reset'; path: string };

/** Save a page's title and description, or reset the page to its own. */
export function useChangeSeoPage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (change: SeoChange) => {
      await (change.action === 'save'
        ? callApi(seoApi.saveSeoPage, { body: change.input })
        : callApi(seoApi.resetSeoPage, { query: { path: change.path } }));
    },
    onSuccess: () =>
      Promise.all([
        refreshAfterWrite(queryClient, { queryKey: SEO_PAGES_KEY }),
        refreshAfterWrite(queryClient, { queryKey: PAGE_HEAD_QUERY_KEY }),
      ]),
  });
}
