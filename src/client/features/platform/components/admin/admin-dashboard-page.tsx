import { Flame } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { PageHeader } from '@client/components/ui/page-header';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { DailyChaskaForm } from '@client/features/cards/components/admin/daily-chaska-form';
import { PendingApplications } from '@client/features/vendors/components/admin/pending-applications';
import { PlatformStatTiles } from './platform-stat-tiles';
import { RecentActivity } from './recent-activity';
import { SystemHealth } from './system-health';
import { TopVendors } from './top-vendors';
import { useFlash } from '@client/components/admin/use-flash';
import { useTranslation } from '@client/lib/translation';
import '@client/lib/admin-texts';

export function AdminDashboardPage() {
  const { t } = useTranslation('admin');
  useDocumentTitle(t('admin:dashboard.title'));
  const flash = useFlash();
  const [creating, setCreating] = useState(false);
  return (
    <>
      <PageHeader
        title={t('admin:dashboard.title')}
        description={t('admin:dashboard.description')}
        actions={
          <Button onClick={() => setCreating(true)} disabled={creating}>
            <Flame aria-hidden="true" />
            {t('admin:dashboard.createDaily')}
          </Button>
        }
      />
      {flash.element}
      <div className="flex flex-col gap-6">
        <PlatformStatTiles />
        {creating ? (
          <Card title={t('admin:dashboard.newDaily')} description={t('admin:dashboard.newDailyText')}>
            <DailyChaskaForm
              onCancel={() => setCreating(false)}
              onCreated={(message) => {
                setCreating(false);
                flash.show('success', message);
              }}
            />
          </Card>
        ) : null}
        <PendingApplications onResult={flash.show} />
        <div className="grid gap-6 lg:grid-cols-3">
          <RecentActivity />
          <TopVendors />
          <SystemHealth />
        </div>
      </div>
    </>
  );
}
