import { ExternalLink, Share2 } from 'lucide-react';
import { SOCIAL_POST_STATUSES, type SocialPostStatus } from '@shared/marketplace/social-posts';
import type { SocialPostRow } from '@shared/marketplace/social-api';
import { formatLongDate, formatTimeOfDay } from '@shared/pakistan-time';
import { AdminFiltersBar, SelectFilter } from '@client/components/admin/admin-list-filters';
import { AdminListTable } from '@client/components/admin/admin-list-table';
import { usePagedFilters } from '@client/components/admin/use-paged-filters';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { EmptyState } from '@client/components/ui/empty-state';
import { TableCell, TableRow } from '@client/components/ui/table';
import { ApiError } from '@client/lib/api-client';
import { useSocialPosts } from '@client/features/marketplace/api/list-social-posts';
import { useRetrySocialPost } from '@client/features/marketplace/api/retry-social-post';
import { useTranslation } from '@client/lib/translation';
import { STATUS_TONE, useSocialTexts } from './social-texts';
import '@client/lib/admin-texts';

const PAGE_SIZE = 20;

/**
 * Every post, newest first, in Pakistan time, with its status, tries and the network's last
 * words; a link to the published post, and Retry on a failed one.
 */
export function SocialHistory({ onResult }: { onResult: (tone: 'success' | 'error', message: string) => void }) {
  const { t } = useTranslation('admin');
  const paged = usePagedFilters<{ status: SocialPostStatus | 'all' }>({ status: 'all' });
  const posts = useSocialPosts({ status: paged.filters.status, page: paged.page, pageSize: PAGE_SIZE });
  const retry = useRetrySocialPost();
  const names = useSocialTexts();

  const dealOf = (row: SocialPostRow) => row.cardName ?? t('admin:social.deletedCard');
  const retryPost = (row: SocialPostRow) => {
    const values = { network: names.network(row.network), deal: dealOf(row) };
    retry.mutate(row.id, {
      onSuccess: () => onResult('success', t('admin:social.retried', values)),
      onError: (error) => onResult('error', error instanceof ApiError ? error.message : t('admin:social.retryFailed')),
    });
  };

  return (
    <Card title={t('admin:social.history.title')} description={t('admin:social.history.text')} flush>
      <AdminFiltersBar className="grid gap-3 sm:grid-cols-3">
        <SelectFilter
          label={t('admin:social.history.status')}
          value={paged.filters.status}
          onChange={(status) => paged.setFilter('status', status)}
          allLabel={t('admin:social.history.allStatuses')}
          options={SOCIAL_POST_STATUSES.map((status) => ({ value: status, label: names.status(status) }))}
        />
      </AdminFiltersBar>
      <AdminListTable
        list={posts}
        rows={posts.data?.posts ?? []}
        label={t('admin:social.history.table')}
        loadingLabel={t('admin:social.history.loading')}
        errorText={t('admin:social.history.error')}
        busy={posts.isFetching || retry.isPending}
        emptyState={
          <EmptyState
            icon={<Share2 />}
            title={t('admin:social.history.none')}
            text={t('admin:social.history.noneText')}
          />
        }
        columns={[
          t('admin:social.col.time'),
          t('admin:social.col.network'),
          t('admin:social.col.deal'),
          t('admin:social.col.status'),
          t('admin:social.col.attempts'),
          t('admin:social.col.post'),
        ]}
        onPage={paged.setPage}
        renderRow={(row) => {
          const at = row.postedAt ?? row.scheduledFor;
          const network = names.network(row.network);
          return (
            <TableRow key={row.id}>
              <TableCell>
                {/* One element per cell: on phones each cell is a "label: value" row. */}
                <div>
                  <span className="block">{formatLongDate(at)}</span>
                  <span className="block text-xs text-stone-600">{formatTimeOfDay(at)}</span>
                </div>
              </TableCell>
              <TableCell>
                <div>
                  <span className="block">{network}</span>
                  <span className="block text-xs text-stone-600">{names.kind(row.kind)}</span>
                </div>
              </TableCell>
              <TableCell className="sm:max-w-56">
                <div className="min-w-0 max-w-full">
                  <span className="block truncate font-medium text-stone-900" title={dealOf(row)}>
                    {dealOf(row)}
                  </span>
                  {row.vendorName ? (
                    <span className="block truncate text-xs text-stone-600">{row.vendorName}</span>
                  ) : null}
                </div>
              </TableCell>
              <TableCell className="sm:max-w-64">
                <div className="min-w-0">
                  <Badge tone={STATUS_TONE[row.status]}>{names.status(row.status)}</Badge>
                  {row.lastError ? (
                    <p dir="auto" className="mt-1 text-xs break-words whitespace-normal text-red-700">
                      {row.lastError}
                    </p>
                  ) : null}
                </div>
              </TableCell>
              <TableCell>{t('admin:social.attempts', { attempts: row.attempts, max: row.maxAttempts })}</TableCell>
              <TableCell>
                {row.externalUrl ? (
                  <a
                    href={row.externalUrl}
                    target="_blank"
                    rel="noreferrer noopener"
                    aria-label={t('admin:social.viewPostOn', { network, deal: dealOf(row) })}
                    className="inline-flex items-center gap-1 text-sm font-medium whitespace-nowrap text-brand-700 underline underline-offset-2 hover:text-brand-800"
                  >
                    {t('admin:social.viewPost')}
                    <ExternalLink aria-hidden="true" className="size-4" />
                  </a>
                ) : row.status === 'failed' ? (
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={retry.isPending}
                    aria-label={t('admin:social.retryOf', { network, deal: dealOf(row) })}
                    onClick={() => retryPost(row)}
                  >
                    {t('admin:social.retry')}
                  </Button>
                ) : null}
              </TableCell>
            </TableRow>
          );
        }}
      />
    </Card>
  );
}
