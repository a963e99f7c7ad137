import { Activity } from 'lucide-react';
import { formatAge } from '@shared/platform/admin-dashboard';
import { Card } from '@client/components/ui/card';
import { Spinner } from '@client/components/ui/spinner';
import { useRecentActivity } from '@client/features/platform/api/get-recent-activity';
import { useTranslation } from '@client/lib/translation';
import '@client/lib/admin-texts';

/** The latest entries of the audit log, with ages in minutes, hours or days. */
export function RecentActivity() {
  const { t } = useTranslation('admin');
  const activity = useRecentActivity(10);
  const items = activity.data?.items ?? [];
  return (
    <Card title={t('admin:activity.title')} description={t('admin:activity.description')}>
      {activity.isPending ? (
        <Spinner label={t('admin:activity.loading')} className="text-brand-700" />
      ) : activity.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {t('admin:activity.error')}
        </p>
      ) : items.length === 0 ? (
        <p className="text-sm text-stone-600">{t('admin:activity.empty')}</p>
      ) : (
        <ol className="flex flex-col gap-3">
          {items.map((item) => (
            <li key={item.id} className="flex gap-3">
              <span
                aria-hidden="true"
                className="mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700"
              >
                <Activity className="size-4" />
              </span>
              <div className="min-w-0">
                <p className="text-sm font-medium break-words text-stone-900">{item.message}</p>
                <p className="text-xs text-stone-500">
                  <time dateTime={item.timestamp}>{formatAge(item.timestamp)}</time>
                  {item.actorEmail ? ` · ${item.actorEmail}` : ''}
                </p>
              </div>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
