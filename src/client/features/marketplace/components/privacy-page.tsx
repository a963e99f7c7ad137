import type { ReactNode } from 'react';
import { Trans, useTranslation } from '@client/lib/translation';
import { Link } from 'react-router';
import { BRAND } from '@shared/brand';
import privacyTexts from '@shared/i18n/en/privacy';
import { PageContainer } from '@client/components/page-container';
import { PageHeader } from '@client/components/ui/page-header';
import { registerCatalogue } from '@client/lib/i18n';
import { useDocumentTitle } from '@client/lib/use-document-title';

registerCatalogue('privacy', privacyTexts);

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mt-8 first:mt-0">
      <h2 className="text-lg font-semibold text-stone-900">{title}</h2>
      <div className="mt-2 space-y-3 text-stone-700">{children}</div>
    </section>
  );
}

const linkClass = 'font-semibold text-brand-700 underline hover:text-brand-800';

/** /privacy: the Privacy Policy, texts of the catalogue (namespace privacy). */
export function PrivacyPage() {
  const { t } = useTranslation('privacy');
  useDocumentTitle(t('privacy:title'));
  return (
    <PageContainer width="narrow">
      <PageHeader title={t('privacy:title')} description={t('privacy:description')} />
      <article className="rounded-xl border border-stone-200 bg-white p-5 leading-relaxed shadow-sm sm:p-8">
        <Section title={t('privacy:whoWeAre.title')}>
          <p>{t('privacy:whoWeAre.text')}</p>
        </Section>

        <Section title={t('privacy:collect.title')}>
          <ul className="list-disc space-y-1.5 ps-5">
            <li>{t('privacy:collect.account')}</li>
            <li>{t('privacy:collect.contact')}</li>
            <li>{t('privacy:collect.activity')}</li>
            <li>{t('privacy:collect.vendors')}</li>
            <li>{t('privacy:collect.technical')}</li>
          </ul>
          <p>{t('privacy:collect.payments')}</p>
        </Section>

        <Section title={t('privacy:use.title')}>
          <ul className="list-disc space-y-1.5 ps-5">
            <li>{t('privacy:use.account')}</li>
            <li>{t('privacy:use.vendors')}</li>
            <li>{t('privacy:use.emails')}</li>
            <li>{t('privacy:use.fraud')}</li>
          </ul>
          <p>{t('privacy:use.noSale')}</p>
        </Section>

        <Section title={t('privacy:access.title')}>
          <p>{t('privacy:access.text')}</p>
        </Section>

        <Section title={t('privacy:choices.title')}>
          <ul className="list-disc space-y-1.5 ps-5">
            <li>
              <Trans
                i18nKey="privacy:choices.emails"
                components={{ preferences: <Link to="/email-preferences" className={linkClass} /> }}
              />
            </li>
            <li>{t('privacy:choices.data')}</li>
          </ul>
        </Section>

        <Section title={t('privacy:retention.title')}>
          <p>{t('privacy:retention.text')}</p>
        </Section>

        <Section title={t('privacy:contact.title')}>
          <p>
            <Trans
              i18nKey="privacy:contact.text"
              values={{ email: BRAND.supportEmail }}
              components={{ mail: <a href={`mailto:${BRAND.supportEmail}`} className={linkClass} /> }}
            />
          </p>
        </Section>
      </article>
    </PageContainer>
  );
}
