import { Trans, useTranslation } from '@client/lib/translation';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import '@client/lib/vendor-texts';
import { signInPathFor } from '@client/components/guards';
import { PageContainer } from '@client/components/page-container';
import { Banner } from '@client/components/ui/banner';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { FullPageSpinner } from '@client/components/ui/spinner';
import { PageHeader } from '@client/components/ui/page-header';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { useSession } from '@client/lib/use-session';
import { useAcceptInvitation, useInvitationPreview } from '@client/features/vendors/api/staff-invitation';

/** Sign-in or sign-up, back here afterwards, with the invited address already in the form. */
function authPathFor(location: { pathname: string; search: string }, email: string, mode: 'sign-in' | 'sign-up') {
  const modeParam = mode === 'sign-up' ? '&mode=sign-up' : '';
  return `${signInPathFor(location)}${modeParam}&email=${encodeURIComponent(email)}`;
}

/** Where a staff invitation e-mail leads: sign in with the invited address, then accept. */
export function JoinVendorPage() {
  const { t } = useTranslation('vendor');
  useDocumentTitle(t('vendor:join.title'));
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const location = useLocation();
  const navigate = useNavigate();
  const session = useSession();
  const preview = useInvitationPreview(token);
  const accept = useAcceptInvitation();

  if (!token) {
    return (
      <PageContainer width="narrow">
        <PageHeader title={t('vendor:join.title')} />
        <Banner tone="error">{t('vendor:join.invalid')}</Banner>
      </PageContainer>
    );
  }
  if (preview.isPending || session.isLoading) return <FullPageSpinner label={t('vendor:join.loading')} />;

  const invitation = preview.data;
  const user = session.user;
  return (
    <PageContainer width="narrow">
      <PageHeader
        title={
          invitation ? t('vendor:join.joinBusiness', { business: invitation.businessName }) : t('vendor:join.title')
        }
      />
      <Card>
        <div className="flex flex-col gap-4 text-sm">
          {preview.isError ? <Banner tone="error">{preview.error.message}</Banner> : null}
          {invitation?.state === 'expired' ? <Banner tone="error">{t('vendor:join.expired')}</Banner> : null}
          {invitation?.state === 'accepted' ? <Banner tone="info">{t('vendor:join.used')}</Banner> : null}
          {invitation?.state === 'open' ? (
            <>
              <p>
                <Trans
                  i18nKey="vendor:join.invited"
                  values={{ business: invitation.businessName, email: invitation.email }}
                  components={{ strong: <strong /> }}
                />
              </p>
              {accept.error ? <Banner tone="error">{accept.error.message}</Banner> : null}
              {!user ? (
                <div className="flex flex-col gap-2 sm:flex-row">
                  <Button asChild>
                    <Link to={authPathFor(location, invitation.email, 'sign-up')}>
                      {t('vendor:join.signUp', { email: invitation.email })}
                    </Link>
                  </Button>
                  <Button asChild variant="secondary">
                    <Link to={authPathFor(location, invitation.email, 'sign-in')}>
                      {t('vendor:join.signIn', { email: invitation.email })}
                    </Link>
                  </Button>
                </div>
              ) : user.email.toLowerCase() !== invitation.email ? (
                <Banner tone="warning" title={t('vendor:join.otherAddress')}>
                  {t('vendor:join.otherAddressText', { current: user.email, email: invitation.email })}
                </Banner>
              ) : (
                <Button
                  busy={accept.isPending}
                  onClick={() => accept.mutate(token, { onSuccess: () => void navigate('/vendor/issue-stamp') })}
                >
                  {t('vendor:join.accept')}
                </Button>
              )}
            </>
          ) : null}
        </div>
      </Card>
    </PageContainer>
  );
}
