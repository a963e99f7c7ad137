import { Eye, SearchX } from 'lucide-react';
import { useState } from 'react';
import { USER_STATUS_FILTER_LABELS, USER_STATUS_FILTERS, type AdminUserRow } from '@shared/admin-users';
import { formatLongDate } from '@shared/pakistan-time';
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

const PAGE_SIZE = 20;

function UserBadges({ user }: { user: AdminUserRow }) {
  return (
    <div className="flex flex-wrap gap-1">
      {user.disabledAt ? <Badge tone="red">Disabled</Badge> : <Badge tone="green">Active</Badge>}
      {user.isAdmin ? <Badge tone="purple">Admin</Badge> : null}
      {user.vendor ? <Badge tone="blue">{user.vendor.role === 'owner' ? 'Vendor' : 'Staff'}</Badge> : null}
    </div>
  );
}

export function AdminUsersPage() {
  useDocumentTitle('Users Management');
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
      <PageHeader title="Users Management" description="User accounts, activity and moderation." />
      {flash.element}
      <Card
        title="All Users"
        description={list.data ? `${list.data.total.toLocaleString('en-PK')} matching` : undefined}
        flush
      >
        <div className="grid gap-3 px-4 pb-4 sm:grid-cols-2 sm:px-6 lg:grid-cols-3">
          <FormField label="Search" className="lg:col-span-2">
            <Input
              type="search"
              placeholder="Name or e-mail"
              value={search}
              onChange={(event) => {
                setSearch(event.target.value);
                setPage(1);
              }}
            />
          </FormField>
          <FormField label="Show">
            <Select
              value={status}
              onChange={(event) => {
                setStatus(event.target.value as UserListParams['status']);
                setPage(1);
              }}
            >
              {USER_STATUS_FILTERS.map((filter) => (
                <option key={filter} value={filter}>
                  {USER_STATUS_FILTER_LABELS[filter]}
                </option>
              ))}
            </Select>
          </FormField>
        </div>
        <AdminListState
          pending={list.isPending}
          failed={list.isError}
          empty={users.length === 0}
          loadingLabel="Loading users"
          errorText="The users could not be loaded. Please reload the page."
          emptyState={
            <EmptyState icon={<SearchX />} title="No users match" text="Try another name or e-mail address." />
          }
        >
          <Table label="Users" aria-busy={list.isFetching}>
            <TableColumns
              columns={['User', 'Joined', 'Cards', 'Stamps', 'Rewards', 'Status', 'Actions']}
              alignEnd={['Actions']}
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
                        aria-label={`View ${user.email}`}
                      >
                        <Eye aria-hidden="true" />
                        View
                      </Button>
                    </div>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          {list.data ? <AdminPagination info={list.data} onPage={setPage} label="Users" /> : null}
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
