import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
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

/** Where a staff invitation e-mail leads: sign in with the invited address, then accept. */
export function JoinVendorPage() {
  useDocumentTitle('Join a vendor team');
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
        <PageHeader title="Join a vendor team" />
        <Banner tone="error">This invitation link is not valid. Ask the owner to send a new one.</Banner>
      </PageContainer>
    );
  }
  if (preview.isPending || session.isLoading) return <FullPageSpinner label="Loading the invitation" />;

  const invitation = preview.data;
  const user = session.user;
  return (
    <PageContainer width="narrow">
      <PageHeader title={invitation ? `Join ${invitation.businessName}` : 'Join a vendor team'} />
      <Card>
        <div className="flex flex-col gap-4 text-sm">
          {preview.isError ? <Banner tone="error">{preview.error.message}</Banner> : null}
          {invitation?.state === 'expired' ? (
            <Banner tone="error">This invitation has expired. Ask the owner to send a new one.</Banner>
          ) : null}
          {invitation?.state === 'accepted' ? (
            <Banner tone="info">This invitation has already been used.</Banner>
          ) : null}
          {invitation?.state === 'open' ? (
            <>
              <p>
                {invitation.businessName} invited <strong>{invitation.email}</strong> to issue stamps and confirm
                rewards as staff.
              </p>
              {accept.error ? <Banner tone="error">{accept.error.message}</Banner> : null}
              {!user ? (
                <Button asChild>
                  <Link to={signInPathFor(location)}>Sign in as {invitation.email} to accept</Link>
                </Button>
              ) : user.email.toLowerCase() !== invitation.email ? (
                <Banner tone="warning" title="Signed in with another address">
                  You are signed in as {user.email}. Sign out and sign in (or sign up) with {invitation.email} to
                  accept.
                </Banner>
              ) : (
                <Button
                  busy={accept.isPending}
                  onClick={() => accept.mutate(token, { onSuccess: () => void navigate('/vendor/issue-stamp') })}
                >
                  Accept invitation
                </Button>
              )}
            </>
          ) : null}
        </div>
      </Card>
    </PageContainer>
  );
}
