import { ChevronDown, Mail, MessageCircle } from 'lucide-react';
import type { ReactElement } from 'react';
import { Trans, useTranslation } from '@client/lib/translation';
import { Link } from 'react-router';
import { BRAND } from '@shared/brand';
import { PageContainer } from '@client/components/page-container';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { PageHeader } from '@client/components/ui/page-header';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { whatsappHref } from '@client/features/marketplace/components/contact-links';
import '@client/features/platform/support-texts';
import { SupportInbox } from './support-inbox';

/** A question and its answer as catalogue keys (namespace support); links names the answer's link tags. */
interface Question {
  question: string;
  answer: string;
  links?: Record<string, ReactElement>;
}

const link = 'font-semibold text-brand-700 underline hover:text-brand-800';

const CUSTOMER_QUESTIONS: readonly Question[] = [
  { question: 'support:customers.cost.question', answer: 'support:customers.cost.answer' },
  {
    question: 'support:customers.addCard.question',
    answer: 'support:customers.addCard.answer',
    links: { clubs: <Link to="/vendor-clubs" className={link} /> },
  },
  { question: 'support:customers.stamp.question', answer: 'support:customers.stamp.answer' },
  { question: 'support:customers.redeem.question', answer: 'support:customers.redeem.answer' },
  { question: 'support:customers.soldOut.question', answer: 'support:customers.soldOut.answer' },
  {
    question: 'support:customers.emails.question',
    answer: 'support:customers.emails.answer',
    links: { preferences: <Link to="/email-preferences" className={link} /> },
  },
];

const VENDOR_QUESTIONS: readonly Question[] = [
  {
    question: 'support:vendors.join.question',
    answer: 'support:vendors.join.answer',
    links: { application: <Link to="/vendor-signup" className={link} /> },
  },
  {
    question: 'support:vendors.cost.question',
    answer: 'support:vendors.cost.answer',
    links: { pricing: <Link to="/pricing" className={link} /> },
  },
  { question: 'support:vendors.stamps.question', answer: 'support:vendors.stamps.answer' },
  { question: 'support:vendors.staff.question', answer: 'support:vendors.staff.answer' },
  { question: 'support:vendors.limit.question', answer: 'support:vendors.limit.answer' },
];

function Questions({ id, title, questions }: { id: string; title: string; questions: readonly Question[] }) {
  const { t } = useTranslation('support');
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="text-xl font-bold text-stone-900">
        {title}
      </h2>
      <div className="mt-3 divide-y divide-stone-200 rounded-xl border border-stone-200 bg-white shadow-sm">
        {questions.map((item) => (
          <details key={item.question} className="group">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 px-4 py-4 font-semibold text-stone-900 sm:px-6 [&::-webkit-details-marker]:hidden">
              {t(item.question)}
              <ChevronDown
                aria-hidden="true"
                className="size-5 shrink-0 text-stone-500 transition-transform group-open:rotate-180"
              />
            </summary>
            <div className="px-4 pb-4 text-sm leading-relaxed text-stone-700 sm:px-6">
              <Trans i18nKey={item.answer} components={item.links} />
            </div>
          </details>
        ))}
      </div>
    </section>
  );
}

/**
 * Contact by e-mail or WhatsApp, the support inbox (a signed-in person writes to us and follows
 * our answers; it draws once the session is known), and answers to what customers and vendors ask most.
 */
export function SupportPage() {
  const { t } = useTranslation('support');
  useDocumentTitle(t('support:title'));
  return (
    <PageContainer width="narrow">
      <PageHeader title={t('support:title')} description={t('support:description')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Card title={t('support:email.title')} description={t('support:email.description')}>
          <Button asChild variant="outline" className="w-full">
            <a href={`mailto:${BRAND.supportEmail}`}>
              <Mail aria-hidden="true" />
              {BRAND.supportEmail}
            </a>
          </Button>
        </Card>
        <Card title={t('support:whatsapp.title')} description={t('support:whatsapp.description')}>
          <Button asChild variant="outline" className="w-full">
            <a href={whatsappHref(BRAND.supportWhatsapp)} target="_blank" rel="noopener noreferrer">
              <MessageCircle aria-hidden="true" />
              {t('support:whatsapp.action')}
            </a>
          </Button>
        </Card>
      </div>
      <SupportInbox />
      <div className="mt-10 flex flex-col gap-10">
        <Questions id="customer-questions" title={t('support:customers.title')} questions={CUSTOMER_QUESTIONS} />
        <Questions id="vendor-questions" title={t('support:vendors.title')} questions={VENDOR_QUESTIONS} />
      </div>
      <p className="mt-10 text-sm text-stone-600">
        <Trans
          i18nKey="support:privacyNote"
          components={{
            privacy: <Link to="/privacy" className="font-semibold text-brand-700 underline hover:text-brand-800" />,
          }}
        />
      </p>
    </PageContainer>
  );
}
