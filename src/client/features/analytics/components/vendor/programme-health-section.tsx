import { useState, type FormEvent } from 'react';
import { useTranslation } from '@client/lib/translation';
import { formatNumber } from '@shared/number-format';
import { formatDateKey } from '@shared/pakistan-time';
import type { AnalyticsRange } from '@shared/analytics/vendor-analytics';
import type { ProgrammeHealth } from '@shared/analytics/programme-health';
import { Banner } from '@client/components/ui/banner';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { FormError, FormField, Input } from '@client/components/ui/form-field';
import { StatTile } from '@client/components/ui/stat-tile';
import { CountChart } from '@client/components/charts/count-chart';
import { useProgrammeHealth } from '@client/features/analytics/api/get-programme-health';
import { useSaveMonthBills } from '@client/features/analytics/api/save-month-bills';

const rupees = (value: number) => `Rs ${formatNumber(value)}`;
const shareText = (value: number) => `${formatNumber(value)}%`;
const monthName = (monthKey: string) => formatDateKey(monthKey, 'month');

/** Programme health (decision 090): whether the card brings customers back, for the page's range, card and branch. */
export function ProgrammeHealthSection({
  range,
  cardId,
  branchId,
  isOwner,
}: {
  range: AnalyticsRange;
  cardId: string | null;
  branchId: string | null;
  isOwner: boolean;
}) {
  const { t } = useTranslation('vendor');
  const health = useProgrammeHealth(range, cardId, branchId);
  if (health.isPending) return null;
  if (health.isError && !health.data) return <Banner tone="error">{health.error.message}</Banner>;
  const data = health.data!;
  const figures = data.figures;
  const median = figures.medianDaysBetweenVisits;
  return (
    <section aria-labelledby="programme-health" className="flex flex-col gap-4">
      <div>
        <h2 id="programme-health" className="text-lg font-semibold text-stone-900">
          {t('vendor:health.title')}
        </h2>
        <p className="text-sm text-stone-600">{t('vendor:health.description')}</p>
      </div>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatTile
          label={t('vendor:health.repeatRate')}
          value={shareText(figures.repeatRate)}
          hint={t('vendor:health.repeatHint', {
            repeat: formatNumber(figures.repeatCustomers),
            customers: formatNumber(figures.customers),
          })}
        />
        <StatTile
          label={t('vendor:health.visitsPerMonth')}
          value={formatNumber(figures.visitsPerCustomerMonth)}
          hint={t('vendor:health.visitsHint', { visits: formatNumber(figures.visits) })}
        />
        <StatTile
          label={t('vendor:health.medianGap')}
          value={median === null ? '–' : t('vendor:health.days', { count: median, days: formatNumber(median) })}
        />
        <StatTile
          label={t('vendor:health.returningRevenue')}
          value={
            data.value.monthlyReturningRevenueRupees === null ? '–' : rupees(data.value.monthlyReturningRevenueRupees)
          }
          hint={
            data.value.averageSpendRupees === null
              ? t('vendor:health.spendUnknown')
              : t(
                  data.value.averageSpendSource === 'bills' ? 'vendor:health.spendBills' : 'vendor:health.spendEntered',
                  {
                    spend: rupees(data.value.averageSpendRupees),
                  },
                )
          }
        />
      </div>
      <div className="grid gap-6 xl:grid-cols-2">
        <Card title={t('vendor:health.weeks')} description={t('vendor:health.weeksText')}>
          <CountChart
            data={data.weeks.map((week) => ({
              label: formatDateKey(week.week),
              new: week.newCustomers,
              returning: week.returningCustomers,
            }))}
            series={[
              { key: 'new', label: t('vendor:analytics.new'), colour: '#ea580c' },
              { key: 'returning', label: t('vendor:analytics.returning'), colour: '#57534e' },
            ]}
            summary={t('vendor:health.weeksSummary', {
              new: formatNumber(data.weeks.reduce((sum, week) => sum + week.newCustomers, 0)),
              returning: formatNumber(data.weeks.reduce((sum, week) => sum + week.returningCustomers, 0)),
            })}
          />
        </Card>
        <Card title={t('vendor:health.rewards')} description={t('vendor:health.rewardsText')}>
          <dl className="grid grid-cols-2 gap-3 text-sm">
            <Figure label={t('vendor:health.rewardCost')} value={rupees(data.rewards.costRupees)} />
            <Figure label={t('vendor:health.redeemed')} value={formatNumber(data.rewards.redeemed)} />
            <Figure label={t('vendor:health.extraVisits')} value={formatNumber(data.rewards.extraVisits)} />
            <Figure
              label={t('vendor:health.costPerVisit')}
              value={data.rewards.costPerExtraVisit === null ? '–' : rupees(data.rewards.costPerExtraVisit)}
            />
            {data.breakage ? (
              <>
                <Figure label={t('vendor:health.expired')} value={formatNumber(data.breakage.expired)} />
                <Figure label={t('vendor:health.waiting')} value={formatNumber(data.breakage.waiting)} />
              </>
            ) : null}
          </dl>
        </Card>
      </div>
      <CohortTable cohorts={data.cohorts} />
      {data.branches ? <BranchTable rows={data.branches} /> : null}
      {data.penetration ? <Penetration rows={data.penetration} isOwner={isOwner} /> : null}
    </section>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg bg-stone-50 p-3">
      <dt className="text-stone-600">{label}</dt>
      <dd className="text-lg font-semibold text-stone-900 tabular-nums">{value}</dd>
    </div>
  );
}

function CohortTable({ cohorts }: { cohorts: ProgrammeHealth['cohorts'] }) {
  const { t } = useTranslation('vendor');
  const width = cohorts.reduce((most, row) => Math.max(most, row.shares.length), 0);
  return (
    <Card title={t('vendor:health.cohorts')} description={t('vendor:health.cohortsText')} flush>
      {cohorts.length === 0 ? (
        <p className="p-4 text-sm text-stone-600">{t('vendor:health.noVisits')}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-sm">
            <thead className="bg-stone-50 text-start text-stone-600">
              <tr>
                <th scope="col" className="px-3 py-2 text-start">
                  {t('vendor:health.joined')}
                </th>
                <th scope="col" className="px-3 py-2 text-end">
                  {t('vendor:health.customers')}
                </th>
                {Array.from({ length: width }, (_, index) => (
                  <th key={index} scope="col" className="px-3 py-2 text-end">
                    {t('vendor:health.monthN', { n: formatNumber(index) })}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {cohorts.map((row) => (
                <tr key={row.month} className="border-t border-stone-100">
                  <th scope="row" className="px-3 py-2 text-start font-medium">
                    {monthName(row.month)}
                  </th>
                  <td className="px-3 py-2 text-end tabular-nums">{formatNumber(row.customers)}</td>
                  {row.shares.map((share, index) => (
                    <td key={index} className="px-3 py-2 text-end tabular-nums">
                      {shareText(share)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}

function BranchTable({ rows }: { rows: NonNullable<ProgrammeHealth['branches']> }) {
  const { t } = useTranslation('vendor');
  return (
    <Card title={t('vendor:health.branches')} flush>
      <div className="overflow-x-auto">
        <table className="w-full text-sm">
          <thead className="bg-stone-50 text-stone-600">
            <tr>
              <th scope="col" className="px-3 py-2 text-start">
                {t('vendor:health.branch')}
              </th>
              <th scope="col" className="px-3 py-2 text-end">
                {t('vendor:health.customers')}
              </th>
              <th scope="col" className="px-3 py-2 text-end">
                {t('vendor:health.repeatRate')}
              </th>
              <th scope="col" className="px-3 py-2 text-end">
                {t('vendor:health.visitsPerMonth')}
              </th>
              <th scope="col" className="px-3 py-2 text-end">
                {t('vendor:health.medianGap')}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id} className="border-t border-stone-100">
                <th scope="row" className="px-3 py-2 text-start font-medium">
                  {row.name || t('vendor:health.noBranch')}
                </th>
                <td className="px-3 py-2 text-end tabular-nums">{formatNumber(row.customers)}</td>
                <td className="px-3 py-2 text-end tabular-nums">{shareText(row.repeatRate)}</td>
                <td className="px-3 py-2 text-end tabular-nums">{formatNumber(row.visitsPerCustomerMonth)}</td>
                <td className="px-3 py-2 text-end tabular-nums">
                  {row.medianDaysBetweenVisits === null ? '–' : formatNumber(row.medianDaysBetweenVisits)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  );
}

function Penetration({ rows, isOwner }: { rows: NonNullable<ProgrammeHealth['penetration']>; isOwner: boolean }) {
  const { t } = useTranslation('vendor');
  const save = useSaveMonthBills();
  const [month, setMonth] = useState('');
  const [bills, setBills] = useState('');
  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate({ month, totalBills: Number(bills) });
  }
  return (
    <Card title={t('vendor:health.penetration')} description={t('vendor:health.penetrationText')}>
      {rows.length === 0 ? <p className="text-sm text-stone-600">{t('vendor:health.noBills')}</p> : null}
      <ul className="flex flex-col gap-1 text-sm">
        {rows.map((row) => (
          <li key={row.month}>
            {t('vendor:health.penetrationRow', {
              month: monthName(row.month),
              visits: formatNumber(row.visits),
              bills: formatNumber(row.totalBills),
              share: shareText(row.share),
            })}
            {row.source === 'pos' ? ` ${t('vendor:health.billsFromPos')}` : null}
          </li>
        ))}
      </ul>
      {isOwner ? (
        <form className="mt-4 grid gap-3 sm:grid-cols-[auto_auto_auto] sm:items-end" onSubmit={submit} noValidate>
          <FormField label={t('vendor:health.billsMonth')}>
            <Input type="month" value={month} onChange={(event) => setMonth(event.target.value)} required />
          </FormField>
          <FormField label={t('vendor:health.billsTotal')}>
            <Input
              type="number"
              inputMode="numeric"
              min={1}
              value={bills}
              onChange={(event) => setBills(event.target.value)}
              required
            />
          </FormField>
          <Button type="submit" busy={save.isPending}>
            {t('vendor:health.billsSave')}
          </Button>
          <div className="sm:col-span-3">
            <FormError message={save.error?.message} />
          </div>
        </form>
      ) : null}
    </Card>
  );
}
