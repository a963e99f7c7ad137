import { ArrowLeft, MailX } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '@client/lib/translation';
import { Link } from 'react-router';
import { RequireAuth } from '@client/components/guards';
import { PageContainer } from '@client/components/page-container';
import { Banner } from '@client/components/ui/banner';
import { Button } from '@client/components/ui/button';
import { EmptyState } from '@client/components/ui/empty-state';
import { PageHeader } from '@client/components/ui/page-header';
import { Spinner } from '@client/components/ui/spinner';
import '@client/lib/email-preferences-texts';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { useEmailPreferences } from '@client/features/notifications/api/get-email-preferences';
import { EmailPreferencesForm, type PreferencesNotice } from './email-preferences-form';

function EmailPreferencesScreen() {
  const { t } = useTranslation('emailPreferences');
  const preferences = useEmailPreferences();
  const [notice, setNotice] = useState<PreferencesNotice | null>(null);
  const noticeRef = useRef<HTMLDivElement>(null);

  // Save and Unsubscribe sit at the bottom; bring their outcome into view on a phone.
  useEffect(() => {
    if (notice) noticeRef.current?.scrollIntoView({ block: 'nearest' });
  }, [notice]);

  return (
    <>
      <PageHeader
        title={t('emailPreferences:page.title')}
        description={t('emailPreferences:page.description')}
        actions={
          <Button asChild variant="outline">
            <Link to="/user">
              <ArrowLeft aria-hidden="true" />
              {t('emailPreferences:page.back')}
            </Link>
          </Button>
        }
      />
      <div ref={noticeRef} className="scroll-mt-24">
        {notice ? (
          <Banner tone={notice.tone} title={notice.title} className="mb-5">
            {notice.detail}
          </Banner>
        ) : null}
      </div>
      {preferences.isPending ? (
        <div className="flex justify-center py-16 text-brand-700">
          <Spinner size="lg" label={t('emailPreferences:page.loading')} />
        </div>
      ) : preferences.isError ? (
        <div className="flex flex-col gap-5">
          <Banner tone="error" title={t('emailPreferences:page.loadFailed')}>
            {preferences.error.message}
          </Banner>
          <EmptyState
            icon={<MailX />}
            title={t('emailPreferences:page.notFound')}
            text={t('emailPreferences:page.notFoundText')}
            action={
              <Button variant="outline" busy={preferences.isFetching} onClick={() => void preferences.refetch()}>
                {t('emailPreferences:tryAgain')}
              </Button>
            }
          />
        </div>
      ) : (
        <EmailPreferencesForm data={preferences.data} onNotice={setNotice} />
      )}
    </>
  );
}

/** /email-preferences: SPEC.md "Email preferences", for the signed-in person. */
export function EmailPreferencesPage() {
  const { t } = useTranslation('emailPreferences');
  useDocumentTitle(t('emailPreferences:page.title'));
  return (
    <PageContainer width="narrow">
      <RequireAuth>
        <EmailPreferencesScreen />
      </RequireAuth>
    </PageContainer>
  );
}
