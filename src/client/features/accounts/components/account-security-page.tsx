import { ArrowRight } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { RequireAuth } from '@client/lib/guards';
import { PageContainer } from '@client/components/page-container';
import { Banner } from '@client/components/ui/banner';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { PageHeader } from '@client/components/ui/page-header';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { nextPathAfterSignIn } from '@client/features/accounts/next-path';
import { SignOutButton } from './sign-out-button';
import { TwoFactorSettings } from './two-factor-settings';

/** Where an admin must go before the admin area opens: the way back, once two-factor is on. */
function adminNext(next: string | null): string {
  const path = nextPathAfterSignIn(next);
  return path.startsWith('/admin') ? path : '/admin';
}

/**
 * /account/security: two-factor sign-in for everyone. The admin guard sends admins here until
 * it is on (?next= is where they were going).
 */
export function AccountSecurityPage() {
  useDocumentTitle('Account security');
  const [params] = useSearchParams();
  return (
    <RequireAuth>
      {(user) => (
        <PageContainer width="narrow">
          <PageHeader
            title="Account security"
            description="Protect your account with a second step when you sign in."
            actions={<SignOutButton />}
          />
          <div className="flex flex-col gap-5">
            {user.isAdmin && !user.twoFactorEnabled ? (
              <Banner tone="warning" title="Two-factor sign-in is required for administrators">
                Turn it on below to open the admin area.
              </Banner>
            ) : null}
            {user.isAdmin && user.twoFactorEnabled ? (
              <Banner
                tone="success"
                title="The admin area is open"
                action={
                  <Button asChild size="sm">
                    <Link to={adminNext(params.get('next'))}>
                      Go to the admin area
                      <ArrowRight aria-hidden="true" />
                    </Link>
                  </Button>
                }
              >
                Two-factor sign-in is on for your account.
              </Banner>
            ) : null}
            <Card>
              <TwoFactorSettings />
            </Card>
          </div>
        </PageContainer>
      )}
    </RequireAuth>
  );
}
