import { useQuery } from '@tanstack/react-query';
import { callApi } from '@client/lib/api-client';
import * as seoApi from '@shared/seo/contract';

export const SEO_PAGES_KEY = ['admin', 'seo-pages'] as const;

export function useSeoPages() {
  return useQuery({
    queryKey: SEO_PAGES_KEY,
    queryFn: ({ signal }) => callApi(seoApi.seoPages, { signal }),
  });
}
