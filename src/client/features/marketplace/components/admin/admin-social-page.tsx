import { Send } from 'lucide-react';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { PageHeader } from '@client/components/ui/page-header';
import { Spinner } from '@client/components/ui/spinner';
import { useFlash } from '@client/components/admin/use-flash';
import { ApiError } from '@client/lib/api-client';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { useTranslation } from '@client/lib/translation';
import { useSocialOverview } from '@client/features/marketplace/api/get-social-overview';
import { usePostTodaysDealsNow } from '@client/features/marketplace/api/post-todays-deals-now';
import { SocialHistory } from './social-history';
import { SocialNetworksCard } from './social-networks-card';
import { SocialScheduleForm } from './social-schedule-form';
import '@client/lib/admin-texts';

/**
 * The Social Media Agent (/admin/social): the platform's Facebook Page and Instagram account, the
 * schedule the Daily Chaska and hourly deals are posted on, "Post today's deals now", and the
 * history of every post with its retries.
 */
export function AdminSocialPage() {
  const { t } = useTranslation('admin');
  useDocumentTitle(t('admin:social.title'));
  const flash = useFlash();
  const overview = useSocialOverview();
  const postNow = usePostTodaysDealsNow();

  const postTodaysDeals = () => {
    postNow.mutate(undefined, {
      onSuccess: ({ planned, deals }) =>
        flash.show(
          'success',
          planned > 0
            ? t('admin:social.postNow.planned', { count: planned })
            : deals === 0
              ? t('admin:social.postNow.noDeals')
              : t('admin:social.postNow.nothingNew'),
        ),
      onError: (error) =>
        flash.show('error', error instanceof ApiError ? error.message : t('admin:social.postNow.failed')),
    });
  };

  const data = overview.data;
  return (
    <>
      <PageHeader title={t('admin:social.title')} description={t('admin:social.description')} />
      {flash.element}
      {overview.isPending ? (
        <Spinner label={t('admin:social.loading')} className="text-brand-700" />
      ) : !data ? (
        <p role="alert" className="text-sm text-red-700">
          {t('admin:social.error')}
        </p>
      ) : (
        <div className="flex flex-col gap-6">
          <div className="grid gap-6 lg:grid-cols-2">
            <div className="flex min-w-0 flex-col gap-6">
              <SocialNetworksCard overview={data} />
              <Card title={t('admin:social.postNow.title')} description={t('admin:social.postNow.text')}>
                <Button busy={postNow.isPending} onClick={postTodaysDeals}>
                  <Send aria-hidden="true" />
                  {t('admin:social.postNow.button')}
                </Button>
              </Card>
            </div>
            <Card title={t('admin:social.schedule.title')} description={t('admin:social.schedule.text')}>
              <SocialScheduleForm schedule={data.schedule} networks={data.networks} onSaved={flash.show} />
            </Card>
          </div>
          <SocialHistory onResult={flash.show} />
        </div>
      )}
    </>
  );
}
