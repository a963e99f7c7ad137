import { Download, Search } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from '@client/lib/translation';
import { formatNumber } from '@shared/number-format';
import { formatLongDate } from '@shared/pakistan-time';
import {
  CUSTOMER_PAGE_SIZE,
  CUSTOMER_SORTS,
  CUSTOMER_STATUS_FILTERS,
  type CustomerFilters,
  type CustomerSort,
  type CustomerStatusFilter,
} from '@shared/customers/vendor-customers';
import { Badge } from '@client/components/ui/badge';
import { Banner } from '@client/components/ui/banner';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { FormField, Input, Select } from '@client/components/ui/form-field';
import { useChoosableBranches } from '@client/components/vendor-area/use-vendor-branches';
import { AllOrOneSelect } from '@client/components/all-or-one-select';
import { PageHeader } from '@client/components/ui/page-header';
import { StatTile } from '@client/components/ui/stat-tile';
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from '@client/components/ui/table';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { useDownload } from '@client/lib/download-file';
import { customerFilterParams, useCustomers } from '@client/features/customers/api/get-customers';
import { useCustomersSummary } from '@client/features/customers/api/get-customers-summary';
import { useVendorCards } from '@client/features/cards/api/get-vendor-cards';
import { ApprovedVendorGuard, CenteredSpinner } from '@client/components/vendor-area/approved-vendor-guard';
import { CustomerDetailDialog, MessageCustomerDialog } from './customer-dialogs';
import { CountChart } from '@client/components/charts/count-chart';
import { formatBucket } from '@shared/analytics/vendor-analytics';
import { contactText } from '@shared/accounts/phone';

const STATUS_KEYS: Record<CustomerStatusFilter, string> = {
  active: 'vendor:customers.statusFilter.active',
  inactive: 'vendor:customers.statusFilter.inactive',
  completed: 'vendor:customers.statusFilter.completed',
};
const SORT_KEYS: Record<CustomerSort, string> = {
  recent: 'vendor:customers.sort.recent',
  name: 'vendor:customers.sort.name',
  stamps: 'vendor:customers.sort.stamps',
  joined: 'vendor:customers.sort.joined',
};

function CustomersContent({ isOwner }: { isOwner: boolean }) {
  const { t } = useTranslation('vendor');
  const count = (value: number | undefined) => (value === undefined ? '…' : formatNumber(value));
  const summary = useCustomersSummary();
  const cards = useVendorCards();
  const [search, setSearch] = useState('');
  const [cardId, setCardId] = useState('');
  // A chain splits its customers by the branch that stamped them (decision 089).
  const branches = useChoosableBranches();
  const [branchId, setBranchId] = useState('');
  const [status, setStatus] = useState<CustomerStatusFilter | ''>('');
  const [sort, setSort] = useState<CustomerSort>('recent');
  const [page, setPage] = useState(1);
  // Typing stays instant; the list follows the deferred text, a few keystrokes at a time.
  const deferredSearch = useDeferredValue(search.trim());
  const filters: CustomerFilters = {
    sort,
    search: deferredSearch || undefined,
    cardId: cardId || undefined,
    status: status || undefined,
    branchId: branchId || undefined,
  };
  const list = useCustomers(filters, page);
  const [viewing, setViewing] = useState<string | null>(null);
  const [messaging, setMessaging] = useState<{ userId: string; name: string } | null>(null);
  const listExport = useDownload((error) =>
    error instanceof Error ? error.message : t('vendor:customers.exportFailed'),
  );

  const changeFilter =
    <T,>(setter: (value: T) => void) =>
    (value: T) => {
      setter(value);
      setPage(1);
    };

  const totalPages = list.data ? Math.max(1, Math.ceil(list.data.total / CUSTOMER_PAGE_SIZE)) : 1;
  const tiles = summary.data?.tiles;
  return (
    <div className="flex flex-col gap-6">
      {isOwner ? (
        <div className="flex justify-end">
          <Button
            variant="outline"
            busy={listExport.busy}
            onClick={() =>
              void listExport.start(
                `/api/vendor/customers/export.csv?${customerFilterParams(filters)}`,
                'chaska-customers.csv',
              )
            }
          >
            <Download aria-hidden="true" /> {t('vendor:customers.export')}
          </Button>
        </div>
      ) : null}
      {listExport.error ? <Banner tone="error">{listExport.error}</Banner> : null}
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatTile label={t('vendor:customers.total')} value={count(tiles?.totalCustomers)} />
        <StatTile
          label={t('vendor:customers.active')}
          value={count(tiles?.activeCustomers)}
          hint={t('vendor:customers.activeHint')}
        />
        <StatTile
          label={t('vendor:customers.completed')}
          value={count(tiles?.completedCustomers)}
          hint={t('vendor:customers.completedHint')}
        />
        <StatTile label={t('vendor:customers.newThisMonth')} value={count(tiles?.newThisMonth)} />
      </div>

      <Card flush>
        <div
          className={`grid gap-3 p-4 sm:grid-cols-2 sm:p-5 ${branches.length > 1 ? 'lg:grid-cols-5' : 'lg:grid-cols-4'}`}
        >
          <FormField label={t('vendor:customers.search')} className="sm:col-span-2 lg:col-span-1">
            <div className="relative">
              <Search
                aria-hidden="true"
                className="pointer-events-none absolute top-1/2 start-3 size-4 -translate-y-1/2 text-stone-500"
              />
              <Input
                type="search"
                value={search}
                onChange={(event) => changeFilter(setSearch)(event.target.value)}
                placeholder={t('vendor:customers.searchPlaceholder')}
                className="ps-9"
              />
            </div>
          </FormField>
          <AllOrOneSelect
            label={t('vendor:customers.card')}
            allLabel={t('vendor:customers.allCards')}
            items={cards.data?.cards ?? []}
            value={cardId}
            onChange={changeFilter(setCardId)}
          />
          {branches.length > 1 ? (
            <AllOrOneSelect
              label={t('vendor:customers.branch')}
              allLabel={t('vendor:customers.allBranches')}
              items={branches}
              value={branchId}
              onChange={changeFilter(setBranchId)}
            />
          ) : null}
          <FormField label={t('vendor:customers.status')}>
            <Select
              value={status}
              onChange={(event) => changeFilter(setStatus)(event.target.value as CustomerStatusFilter | '')}
            >
              <option value="">{t('vendor:customers.allStatuses')}</option>
              {CUSTOMER_STATUS_FILTERS.map((option) => (
                <option key={option} value={option}>
                  {t(STATUS_KEYS[option])}
                </option>
              ))}
            </Select>
          </FormField>
          <FormField label={t('vendor:customers.sortBy')}>
            <Select value={sort} onChange={(event) => changeFilter(setSort)(event.target.value as CustomerSort)}>
              {CUSTOMER_SORTS.map((option) => (
                <option key={option} value={option}>
                  {t(SORT_KEYS[option])}
                </option>
              ))}
            </Select>
          </FormField>
        </div>
        {list.isPending ? (
          <CenteredSpinner />
        ) : list.isError ? (
          <div className="p-4">
            <Banner tone="error">{list.error.message}</Banner>
          </div>
        ) : list.data.customers.length === 0 ? (
          <p className="border-t border-stone-200 p-6 text-center text-sm text-stone-600">
            {filters.search || filters.cardId || filters.status || filters.branchId
              ? t('vendor:customers.noMatch')
              : t('vendor:customers.empty')}
          </p>
        ) : (
          <div className="border-t border-stone-200" aria-busy={list.isFetching}>
            <Table label={t('vendor:customers.table')}>
              <TableHead>
                <TableRow>
                  <TableHeaderCell>{t('vendor:customers.col.customer')}</TableHeaderCell>
                  <TableHeaderCell className="text-end">{t('vendor:customers.col.cards')}</TableHeaderCell>
                  <TableHeaderCell className="text-end">{t('vendor:customers.col.stamps')}</TableHeaderCell>
                  <TableHeaderCell className="text-end">{t('vendor:customers.col.rewards')}</TableHeaderCell>
                  <TableHeaderCell>{t('vendor:customers.col.lastActivity')}</TableHeaderCell>
                  <TableHeaderCell>{t('vendor:customers.col.status')}</TableHeaderCell>
                  <TableHeaderCell>
                    <span className="sr-only">{t('vendor:customers.col.actions')}</span>
                  </TableHeaderCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {list.data.customers.map((customer) => (
                  <TableRow key={customer.userId}>
                    <TableCell>
                      <span className="font-medium text-stone-900">{customer.name}</span>
                      <bdi dir="ltr" className="block text-xs text-stone-600">
                        {contactText(customer.email)}
                      </bdi>
                      {customer.phone ? (
                        <span className="block text-xs text-stone-600">
                          <bdi dir="ltr">{customer.phone}</bdi>
                        </span>
                      ) : null}
                    </TableCell>
                    <TableCell className="text-end tabular-nums">{customer.cards}</TableCell>
                    <TableCell className="text-end tabular-nums">{customer.stamps}</TableCell>
                    <TableCell className="text-end tabular-nums">{customer.rewards}</TableCell>
                    <TableCell>{formatLongDate(customer.lastActivityAt)}</TableCell>
                    <TableCell>
                      <Badge tone={customer.status === 'active' ? 'green' : 'grey'}>
                        {customer.status === 'active' ? t('vendor:customers.active') : t('vendor:customers.inactive')}
                      </Badge>
                    </TableCell>
                    <TableCell>
                      <div className="flex gap-2">
                        <Button size="sm" variant="outline" onClick={() => setViewing(customer.userId)}>
                          {t('vendor:customers.view')}
                        </Button>
                        <Button
                          size="sm"
                          variant="ghost"
                          onClick={() => setMessaging({ userId: customer.userId, name: customer.name })}
                        >
                          {t('vendor:customers.message')}
                        </Button>
                      </div>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
        )}
        <nav
          aria-label={t('vendor:customers.pages')}
          className="flex flex-wrap items-center justify-between gap-3 border-t border-stone-200 px-4 py-3 text-sm sm:px-6"
        >
          <span className="text-stone-600">
            {list.data ? t('vendor:customers.pageOf', { count: list.data.total, page, pages: totalPages }) : ' '}
          </span>
          <span className="flex gap-2">
            <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => setPage((value) => value - 1)}>
              {t('vendor:customers.previous')}
            </Button>
            <Button
              size="sm"
              variant="outline"
              disabled={page >= totalPages}
              onClick={() => setPage((value) => value + 1)}
            >
              {t('vendor:customers.next')}
            </Button>
          </span>
        </nav>
      </Card>

      <div className="grid gap-6 lg:grid-cols-2">
        <Card title={t('vendor:customers.mostActive')} description={t('vendor:customers.mostActiveText')}>
          {summary.data && summary.data.mostActive.length > 0 ? (
            <ol className="divide-y divide-stone-100">
              {summary.data.mostActive.map((customer) => (
                <li key={customer.userId} className="flex justify-between gap-3 py-2 text-sm">
                  <button
                    type="button"
                    className="truncate text-start font-medium text-brand-800 underline-offset-2 hover:underline"
                    onClick={() => setViewing(customer.userId)}
                  >
                    {customer.name}
                  </button>
                  <span className="shrink-0 tabular-nums text-stone-700">
                    {t('vendor:customers.stamps', { count: customer.stamps })}
                  </span>
                </li>
              ))}
            </ol>
          ) : (
            <p className="text-sm text-stone-600">{t('vendor:customers.noStamps')}</p>
          )}
        </Card>
        <Card title={t('vendor:customers.acquisition')} description={t('vendor:customers.acquisitionText')}>
          {summary.data ? (
            <CountChart
              height={220}
              data={summary.data.acquisition.map((week) => ({
                label: formatBucket(week.week, 'week'),
                customers: week.newCustomers,
              }))}
              series={[{ key: 'customers', label: t('vendor:customers.newCustomers'), colour: '#c2410c' }]}
              summary={t('vendor:customers.acquisitionSummary', {
                count: summary.data.acquisition.reduce((sum, week) => sum + week.newCustomers, 0),
              })}
            />
          ) : null}
        </Card>
      </div>

      <CustomerDetailDialog userId={viewing} onOpenChange={(open) => !open && setViewing(null)} />
      <MessageCustomerDialog customer={messaging} onOpenChange={(open) => !open && setMessaging(null)} />
    </div>
  );
}

export function VendorCustomersPage() {
  const { t } = useTranslation('vendor');
  useDocumentTitle(t('vendor:customers.title'));
  return (
    <>
      <PageHeader title={t('vendor:customers.title')} description={t('vendor:customers.description')} />
      <ApprovedVendorGuard>
        {(member) => <CustomersContent isOwner={member.membership.role === 'owner'} />}
      </ApprovedVendorGuard>
    </>
  );
}
