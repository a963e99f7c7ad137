import { useTranslation } from '@client/lib/translation';
import { Link, useLocation, useSearchParams } from 'react-router';
import { Banner } from '@client/components/ui/banner';
import { Button } from '@client/components/ui/button';
import { useSession } from '@client/lib/use-session';
import '@client/features/marketplace/marketplace-texts';
import { JOIN_PARAM, signInToJoinPath } from './join-path';

/**
 * A printed join code opens the vendor's page with ?join=<card>. Signed in, the page joins at
 * once (useResumeJoin); signed out, this offers the join first, through sign-in and back.
 */
export function JoinCodePrompt() {
  const { t } = useTranslation('marketplace');
  const [params] = useSearchParams();
  const location = useLocation();
  const { user, isLoading } = useSession();
  const cardId = params.get(JOIN_PARAM);
  if (!cardId || isLoading || user) return null;
  return (
    <Banner
      tone="info"
      title={t('marketplace:joinCode.title')}
      className="mb-6"
      action={
        <Button asChild>
          <Link to={signInToJoinPath(location, cardId)}>{t('marketplace:joinCode.action')}</Link>
        </Button>
      }
    >
      {t('marketplace:joinCode.text')}
    </Banner>
  );
}
