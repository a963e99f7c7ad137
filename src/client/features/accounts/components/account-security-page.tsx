import { ArrowRight } from 'lucide-react';
import { useTranslation } from '@client/lib/translation';
import { Link, useSearchParams } from 'react-router';
import { RequireAuth } from '@client/components/guards';
import { PageContainer } from '@client/components/page-container';
import { Banner } from '@client/components/ui/banner';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { PageHeader } from '@client/components/ui/page-header';
import { useDocumentTitle } from '@client/lib/use-document-title';
import '@client/features/accounts/account-texts';
import { nextPathAfterSignIn } from '@client/features/accounts/next-path';
import { SignOutButton } from './sign-out-button';
import { TwoFactorSettings } from './two-factor-settings';
import { AccountDataSettings } from './account-data-settings';

/** Where an admin must go before the admin area opens: the way back, once two-factor is on. */
function adminNext(next: string | null): string {
  const path = nextPathAfterSignIn(next);
  return path.startsWith('/admin') ? path : '/admin';
}

/**
 * /account/security: two-factor sign-in for everyone, the person's data and closing the account.
 * The admin guard sends admins here until two-factor is on (?next= is where they were going).
 */
export function AccountSecurityPage() {
  const { t } = useTranslation('account');
  useDocumentTitle(t('account:security.title'));
  const [params] = useSearchParams();
  return (
    <RequireAuth>
      {(user) => (
        <PageContainer width="narrow">
          <PageHeader
            title={t('account:security.title')}
            description={t('account:security.description')}
            actions={<SignOutButton />}
          />
          <div className="flex flex-col gap-5">
            {user.isAdmin && !user.twoFactorEnabled ? (
              <Banner tone="warning" title={t('account:security.adminRequiredTitle')}>
                {t('account:security.adminRequiredText')}
              </Banner>
            ) : null}
            {user.isAdmin && user.twoFactorEnabled ? (
              <Banner
                tone="success"
                title={t('account:security.adminOpenTitle')}
                action={
                  <Button asChild size="sm">
                    <Link to={adminNext(params.get('next'))}>
                      {t('account:security.toAdmin')}
                      <ArrowRight aria-hidden="true" />
                    </Link>
                  </Button>
                }
              >
                {t('account:security.adminOpenText')}
              </Banner>
            ) : null}
            <Card>
              <TwoFactorSettings />
            </Card>
            <AccountDataSettings />
          </div>
        </PageContainer>
      )}
    </RequireAuth>
  );
}
