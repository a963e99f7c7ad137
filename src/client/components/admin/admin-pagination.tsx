import { ChevronLeft, ChevronRight } from 'lucide-react';
import { pageCount, pageRange, type PageInfo } from '@shared/admin-paging';
import { Button } from '@client/components/ui/button';
import { useTranslation } from '@client/lib/translation';
import '@client/lib/admin-texts';

/** Previous and Next under a server-paged table, with "Showing 21–40 of 95". */
export function AdminPagination({
  info,
  onPage,
  label,
}: {
  info: PageInfo;
  onPage: (page: number) => void;
  label: string;
}) {
  const { t } = useTranslation('admin');
  const pages = pageCount(info);
  const range = pageRange(info);
  return (
    <nav
      aria-label={t('admin:pagination.label', { label })}
      className="flex flex-wrap items-center justify-between gap-3 border-t border-stone-200 px-4 py-3 text-sm text-stone-600 sm:px-6"
    >
      <p aria-live="polite">
        {range ? t('admin:pagination.showing', range) : t('admin:pagination.nothing')}
        {pages > 1 ? t('admin:pagination.page', { page: info.page, pages }) : ''}
      </p>
      <div className="flex gap-2">
        <Button variant="outline" size="sm" disabled={info.page <= 1} onClick={() => onPage(info.page - 1)}>
          <ChevronLeft aria-hidden="true" />
          {t('admin:pagination.previous')}
        </Button>
        <Button variant="outline" size="sm" disabled={info.page >= pages} onClick={() => onPage(info.page + 1)}>
          {t('admin:pagination.next')}
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}
