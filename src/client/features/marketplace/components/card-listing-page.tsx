import type { ReactNode } from 'react';
import { PageContainer } from '@client/components/page-container';
import { PageHeader } from '@client/components/ui/page-header';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { CardGrid } from './card-grid';
import { JoinResultBanner } from './join-result-banner';
import { useResumeJoin } from './use-resume-join';
import { useTranslation } from '@client/lib/translation';
import '@client/features/marketplace/marketplace-texts';

type CardGridProps = Parameters<typeof CardGrid>[0];

interface CardListingPageProps extends CardGridProps {
  title: string;
  description: string;
  /** Filters or a banner between the header and the grid. */
  toolbar?: ReactNode;
}

/** The frame of /vendor-clubs, /daily-chaska, /exclusive and /free-cards. */
export function CardListingPage({ title, description, toolbar, ...gridProps }: CardListingPageProps) {
  useDocumentTitle(title);
  const resumedJoin = useResumeJoin();
  const { t } = useTranslation('marketplace');
  return (
    <PageContainer>
      <PageHeader title={title} description={description} />
      <JoinResultBanner status={resumedJoin.status} data={resumedJoin.data} error={resumedJoin.error} />
      {toolbar ? <div className="mb-6">{toolbar}</div> : null}
      {/* The tiles' titles are h3: this names the list between them and the page's h1. */}
      <h2 className="sr-only">{t('marketplace:listing.cardsHeading')}</h2>
      <CardGrid {...gridProps} />
    </PageContainer>
  );
}
