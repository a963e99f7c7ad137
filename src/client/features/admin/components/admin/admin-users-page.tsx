import { Eye, SearchX } from 'lucide-react';
import { useState } from 'react';
import { USER_STATUS_FILTERS, type AdminUserRow } from '@shared/admin-users';
import { formatLocale, formatLongDate } from '@shared/pakistan-time';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { EmptyState } from '@client/components/ui/empty-state';
import { FormField, Input, Select } from '@client/components/ui/form-field';
import { PageHeader } from '@client/components/ui/page-header';
import { Table, TableBody, TableCell, TableColumns, TableRow } from '@client/components/ui/table';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { useAdminUsers, type UserListParams } from '@client/features/admin/api/list-users';
import { AdminPagination } from '@client/components/admin/admin-pagination';
import { useDebouncedValue } from '@client/components/admin/use-debounced-value';
import { useFlash } from '@client/components/admin/use-flash';
import { UserAccessActions } from './user-access-actions';
import { UserDetailsDialog } from './user-details-dialog';
import { AdminListState } from '@client/components/admin/admin-list-state';
import { useTranslation } from 'react-i18next';
import '@client/lib/admin-texts';

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
      {user.disabledAt ? (
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
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<UserListParams['status']>('all');
  const [page, setPage] = useState(1);
  const [viewing, setViewing] = useState<AdminUserRow | null>(null);
  const debounced = useDebouncedValue(search.trim());
  const list = useAdminUsers({ search: debounced, status, page, pageSize: PAGE_SIZE });
  const users = list.data?.users ?? [];

  return (
    <>
      <PageHeader title={t('admin:users.title')} description={t('admin:users.description')} />
      {flash.element}
      <Card
        title={t('admin:users.all')}
        description={
          list.data ? t('admin:users.matching', { total: list.data.total.toLocaleString(formatLocale()) }) : undefined
        }
        flush
      >
        <div className="grid gap-3 px-4 pb-4 sm:grid-cols-2 sm:px-6 lg:grid-cols-3">
          <FormField label={t('admin:users.search')} className="lg:col-span-2">
            <Input
              type="search"
              placeholder={t('admin:users.searchPlaceholder')}
              value={search}
              onChange={(event) => {
                setSearch(event.target.value);
                setPage(1);
              }}
            />
          </FormField>
          <FormField label={t('admin:users.show')}>
            <Select
              value={status}
              onChange={(event) => {
                setStatus(event.target.value as UserListParams['status']);
                setPage(1);
              }}
            >
              {USER_STATUS_FILTERS.map((filter) => (
                <option key={filter} value={filter}>
                  {t(FILTER_LABEL[filter])}
                </option>
              ))}
            </Select>
          </FormField>
        </div>
        <AdminListState
          pending={list.isPending}
          failed={list.isError}
          empty={users.length === 0}
          loadingLabel={t('admin:users.loading')}
          errorText={t('admin:users.error')}
          emptyState={
            <EmptyState icon={<SearchX />} title={t('admin:users.noneTitle')} text={t('admin:users.noneText')} />
          }
        >
          <Table label={t('admin:users.table')} aria-busy={list.isFetching}>
            <TableColumns
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
            />
            <TableBody>
              {users.map((user) => (
                <TableRow key={user.id}>
                  <TableCell>
                    <p className="font-semibold text-stone-900">{`${user.name} ${user.surname}`.trim()}</p>
                    <p className="text-xs text-stone-500">{user.email}</p>
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
                        aria-label={t('admin:users.viewOf', { email: user.email })}
                      >
                        <Eye aria-hidden="true" />
                        {t('admin:users.view')}
                      </Button>
                    </div>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          {list.data ? <AdminPagination info={list.data} onPage={setPage} label={t('admin:users.table')} /> : null}
        </AdminListState>
      </Card>
      <UserDetailsDialog
        userId={viewing?.id ?? null}
        onOpenChange={(open) => (open ? undefined : setViewing(null))}
        actions={viewing ? <UserAccessActions userId={viewing.id} onResult={flash.show} /> : undefined}
      />
    </>
  );
}
