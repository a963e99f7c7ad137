import { House, MapPinOff } from 'lucide-react';
import { Link } from 'react-router';
import { PageContainer } from '@client/components/page-container';
import { Button } from '@client/components/ui/button';
import { EmptyState } from '@client/components/ui/empty-state';
import { useDocumentTitle } from '@client/lib/use-document-title';

export function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <PageContainer width="narrow">
      <EmptyState
        icon={<MapPinOff />}
        title="Page not found"
        titleAs="h1"
        text="The page you are looking for does not exist or has moved."
        action={
          <Button asChild>
            <Link to="/">
              <House aria-hidden="true" />
              Go to the home page
            </Link>
          </Button>
        }
      />
    </PageContainer>
  );
}
