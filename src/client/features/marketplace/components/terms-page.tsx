import { useTranslation } from '@client/lib/translation';
import termsTexts from '@shared/i18n/en/terms';
import { PageContainer } from '@client/components/page-container';
import { PageHeader } from '@client/components/ui/page-header';
import { registerCatalogue } from '@client/lib/i18n';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { termsBlocks } from './terms-blocks';

registerCatalogue('terms', termsTexts);

/** /terms: the Terms of Service, an admin-editable text of the catalogue (namespace terms). */
export function TermsPage() {
  const { t } = useTranslation('terms');
  useDocumentTitle(t('terms:title'));
  return (
    <PageContainer width="narrow">
      <PageHeader title={t('terms:title')} description={t('terms:updated')} />
      <article className="rounded-xl border border-stone-200 bg-white p-5 leading-relaxed shadow-sm sm:p-8">
        {termsBlocks(t('terms:body')).map((block, index) =>
          block.kind === 'heading' ? (
            <h2 key={index} className="mt-8 text-lg font-semibold text-stone-900 first:mt-0">
              {block.text}
            </h2>
          ) : (
            <p key={index} className="mt-3 text-stone-700">
              {block.text}
            </p>
          ),
        )}
      </article>
    </PageContainer>
  );
}
