import { useState, type ReactNode } from 'react';
import { PageContainer } from '@client/components/page-container';
import { PageHeader } from '@client/components/ui/page-header';
import { useDocumentTitle } from '@client/lib/use-document-title';
import type { NearPoint } from '@client/features/marketplace/api/list-public-cards';
import { CardGrid } from './card-grid';
import { NearMeControl } from './near-me-control';
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

/**
 * The frame of /vendor-clubs, /daily-chaska, /exclusive and /free-cards, each with "Near me"
 * (decision 088): the position is asked for only on its tap, and kept on the page, not in the
 * address, since a shared link must not carry where the customer stood.
 */
export function CardListingPage({ title, description, toolbar, filter, ...gridProps }: CardListingPageProps) {
  useDocumentTitle(title);
  const [near, setNear] = useState<NearPoint | null>(null);
  const resumedJoin = useResumeJoin();
  const { t } = useTranslation('marketplace');
  return (
    <PageContainer>
      <PageHeader title={title} description={description} />
      <JoinResultBanner status={resumedJoin.status} data={resumedJoin.data} error={resumedJoin.error} />
      <div className="mb-6 flex flex-col gap-4">
        {toolbar}
        <NearMeControl value={near} onChange={setNear} />
      </div>
      {/* The tiles' titles are h3: this names the list between them and the page's h1. */}
      <h2 className="sr-only">{t('marketplace:listing.cardsHeading')}</h2>
      <CardGrid {...gridProps} filter={{ ...filter, near }} />
    </PageContainer>
  );
}
