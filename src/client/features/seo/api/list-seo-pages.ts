import { useQuery } from '@tanstack/react-query';
import type { SeoPage } from '@shared/admin-seo';
import { apiFetch } from '@client/lib/api-client';

export const SEO_PAGES_KEY = ['admin', 'seo-pages'] as const;

export function useSeoPages() {
  return useQuery({
    queryKey: SEO_PAGES_KEY,
    queryFn: ({ signal }) =>
      apiFetch<{ pages: SeoPage[]; sitemapUrl: string; robotsUrl: string }>('/api/admin/seo/pages', { signal }),
  });
}
