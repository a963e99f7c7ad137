import { House, MapPinOff } from 'lucide-react';
import { useTranslation } from '@client/lib/translation';
import { Link } from 'react-router';
import { PageContainer } from '@client/components/page-container';
import { Button } from '@client/components/ui/button';
import { EmptyState } from '@client/components/ui/empty-state';
import { useDocumentTitle } from '@client/lib/use-document-title';

export function NotFoundPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('common:notFound.title'));
  return (
    <PageContainer width="narrow">
      <EmptyState
        icon={<MapPinOff />}
        title={t('common:notFound.title')}
        titleAs="h1"
        text={t('common:notFound.text')}
        action={
          <Button asChild>
            <Link to="/">
              <House aria-hidden="true" />
              {t('common:notFound.home')}
            </Link>
          </Button>
        }
      />
    </PageContainer>
  );
}
