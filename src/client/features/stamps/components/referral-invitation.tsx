import { useEffect, useRef } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { useTranslation } from '@client/lib/translation';
import { REFERRAL_PARAM } from '@shared/stamps/referral-param';
import { Banner } from '@client/components/ui/banner';
import { Button } from '@client/components/ui/button';
import { useSession } from '@client/lib/use-session';
import { useClaimReferral } from '@client/features/stamps/api/claim-referral';
import { serverErrorText } from '@client/features/accounts/error-text';
import '@client/lib/customer-texts';

/**
 * A vendor page opened from a friend's invitation (?ref=<code>). Signed out: what the invitation
 * gives and a sign-up that comes back here. Signed in: the invitation is accepted once and the
 * code leaves the address, so a reload does not try again; the answer (accepted, or why not) stays.
 */
export function ReferralInvitation() {
  const { t } = useTranslation('customer');
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const code = params.get(REFERRAL_PARAM);
  const { user, isLoading } = useSession();
  const claim = useClaimReferral();
  const { mutate } = claim;
  const started = useRef<string | null>(null);

  useEffect(() => {
    if (!code || isLoading || !user || started.current === code) return;
    started.current = code;
    mutate(code, {
      onSettled: () =>
        setParams(
          (current) => {
            const next = new URLSearchParams(current);
            next.delete(REFERRAL_PARAM);
            return next;
          },
          { replace: true },
        ),
    });
  }, [code, isLoading, user, mutate, setParams]);

  if (claim.isSuccess) {
    return (
      <Banner tone="success" title={t('customer:referral.bannerTitle')} className="mb-6">
        {claim.data.message}
      </Banner>
    );
  }
  if (claim.isError) {
    return (
      <Banner tone="warning" title={t('customer:referral.bannerTitle')} className="mb-6" role="alert">
        {serverErrorText(claim.error) ?? claim.error.message}
      </Banner>
    );
  }
  if (!code || isLoading || user) return null;
  const back = `${location.pathname}${location.search}`;
  return (
    <Banner
      tone="info"
      title={t('customer:referral.bannerTitle')}
      className="mb-6"
      action={
        <Button asChild size="sm">
          <Link to={`/auth?mode=sign-up&next=${encodeURIComponent(back)}`}>{t('customer:referral.bannerSignUp')}</Link>
        </Button>
      }
    >
      {t('customer:referral.bannerText')}
    </Banner>
  );
}
