import { z } from 'zod';

/** Page numbers of the admin tables: offset pages with a total, so the table can say "page 3 of 40". */
export const adminPageQueryFields = {
  page: z.coerce
    .number({ error: 'page must be a number' })
    .int('page must be a whole number')
    .min(1, 'page starts at 1')
    .max(100_000)
    .default(1),
  pageSize: z.coerce
    .number({ error: 'pageSize must be a number' })
    .int('pageSize must be a whole number')
    .min(1, 'pageSize is at least 1')
    .max(100, 'pageSize is at most 100')
    .default(20),
};

/** A search box value: trimmed, empty means "no search". */
export const adminSearchField = z.string().trim().max(100, 'search is at most 100 characters').optional();

export const pageInfoSchema = z.object({ page: z.number(), pageSize: z.number(), total: z.number() });
export type PageInfo = z.infer<typeof pageInfoSchema>;

/** The rows a page shows, for "Showing 21–40 of 95" (admin:pagination.showing); null when there are none. */
export function pageRange(info: PageInfo): { first: number; last: number; total: number } | null {
  if (info.total === 0) return null;
  const first = (info.page - 1) * info.pageSize + 1;
  return { first, last: Math.min(info.total, info.page * info.pageSize), total: info.total };
}

export function pageCount(info: PageInfo): number {
  return Math.max(1, Math.ceil(info.total / info.pageSize));
}
