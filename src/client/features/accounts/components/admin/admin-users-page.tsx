import { Eye, SearchX } from 'lucide-react';
import { useState } from 'react';
import { USER_STATUS_FILTERS, type AdminUserRow } from '@shared/accounts/admin-users';
import { formatLongDate } from '@shared/pakistan-time';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { EmptyState } from '@client/components/ui/empty-state';
import { PageHeader } from '@client/components/ui/page-header';
import { TableCell, TableRow } from '@client/components/ui/table';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { useAdminUsers, type UserListParams } from '@client/features/accounts/api/list-users';
import { AdminListCard } from '@client/components/admin/admin-list-card';
import { AdminFiltersBar, SearchFilter, SelectFilter } from '@client/components/admin/admin-list-filters';
import { AdminListTable } from '@client/components/admin/admin-list-table';
import { usePagedFilters } from '@client/components/admin/use-paged-filters';
import { useFlash } from '@client/components/admin/use-flash';
import { UserAccessActions } from './user-access-actions';
import { UserDetailsDialog } from './user-details-dialog';
import { useTranslation } from '@client/lib/translation';
import '@client/lib/admin-texts';
import { contactText } from '@shared/accounts/phone';

const PAGE_SIZE = 20;
const FILTER_LABEL = {
  all: 'admin:users.filter.all',
  active: 'admin:users.filter.active',
  disabled: 'admin:users.filter.disabled',
  admins: 'admin:users.filter.admins',
} as const satisfies Record<(typeof USER_STATUS_FILTERS)[number], string>;

function UserBadges({ user }: { user: AdminUserRow }) {
  const { t } = useTranslation('admin');
  return (
    <div className="flex flex-wrap gap-1">
      {user.closedAt ? (
        <Badge tone="grey">{t('admin:users.closed')}</Badge>
      ) : user.disabledAt ? (
        <Badge tone="red">{t('admin:users.disabled')}</Badge>
      ) : (
        <Badge tone="green">{t('admin:users.active')}</Badge>
      )}
      {user.isAdmin ? <Badge tone="purple">{t('admin:users.admin')}</Badge> : null}
      {user.vendor ? (
        <Badge tone="blue">{user.vendor.role === 'owner' ? t('admin:users.vendor') : t('admin:users.staff')}</Badge>
      ) : null}
    </div>
  );
}

export function AdminUsersPage() {
  const { t } = useTranslation('admin');
  useDocumentTitle(t('admin:users.title'));
  const flash = useFlash();
  const paged = usePagedFilters<{ status: NonNullable<UserListParams['status']> }>({ status: 'all' });
  const [viewing, setViewing] = useState<AdminUserRow | null>(null);
  const list = useAdminUsers({
    search: paged.debouncedSearch,
    status: paged.filters.status,
    page: paged.page,
    pageSize: PAGE_SIZE,
  });

  return (
    <>
      <PageHeader title={t('admin:users.title')} description={t('admin:users.description')} />
      {flash.element}
      <AdminListCard title={t('admin:users.all')} total={list.data?.total}>
        <AdminFiltersBar className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          <SearchFilter
            label={t('admin:users.search')}
            placeholder={t('admin:users.searchPlaceholder')}
            className="lg:col-span-2"
            value={paged.search}
            onChange={paged.setSearch}
          />
          <SelectFilter
            label={t('admin:users.show')}
            value={paged.filters.status}
            onChange={(status) => paged.setFilter('status', status)}
            options={USER_STATUS_FILTERS.map((filter) => ({ value: filter, label: t(FILTER_LABEL[filter]) }))}
          />
        </AdminFiltersBar>
        <AdminListTable
          list={list}
          rows={list.data?.users ?? []}
          label={t('admin:users.table')}
          busy={list.isFetching}
          loadingLabel={t('admin:users.loading')}
          errorText={t('admin:users.error')}
          emptyState={
            <EmptyState icon={<SearchX />} title={t('admin:users.noneTitle')} text={t('admin:users.noneText')} />
          }
          columns={[
            t('admin:users.colUser'),
            t('admin:users.colJoined'),
            t('admin:users.colCards'),
            t('admin:users.colStamps'),
            t('admin:users.colRewards'),
            t('admin:users.colStatus'),
            t('admin:users.colActions'),
          ]}
          alignEnd={[t('admin:users.colActions')]}
          onPage={paged.setPage}
          renderRow={(user) => (
            <TableRow key={user.id}>
              <TableCell>
                <p className="font-semibold text-stone-900">{`${user.name} ${user.surname}`.trim()}</p>
                <p className="text-xs text-stone-500">
                  <bdi dir="ltr">{contactText(user.email)}</bdi>
                </p>
              </TableCell>
              <TableCell>{formatLongDate(user.createdAt)}</TableCell>
              <TableCell className="tabular-nums">{user.cards}</TableCell>
              <TableCell className="tabular-nums">{user.stamps}</TableCell>
              <TableCell className="tabular-nums">{user.rewards}</TableCell>
              <TableCell>
                <UserBadges user={user} />
              </TableCell>
              <TableCell>
                <div className="flex justify-end">
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => setViewing(user)}
                    aria-label={t('admin:users.viewOf', { email: contactText(user.email) })}
                  >
                    <Eye aria-hidden="true" />
                    {t('admin:users.view')}
                  </Button>
                </div>
              </TableCell>
            </TableRow>
          )}
        />
      </AdminListCard>
      <UserDetailsDialog
        userId={viewing?.id ?? null}
        onOpenChange={(open) => (open ? undefined : setViewing(null))}
        actions={viewing ? <UserAccessActions userId={viewing.id} onResult={flash.show} /> : undefined}
      />
    </>
  );
}
