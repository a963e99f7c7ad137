import { ChevronDown, Mail, MessageCircle } from 'lucide-react';
import { Link } from 'react-router';
import { BRAND } from '@shared/brand';
import { PageContainer } from '@client/components/page-container';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { PageHeader } from '@client/components/ui/page-header';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { whatsappHref } from './contact-links';
import { CUSTOMER_QUESTIONS, VENDOR_QUESTIONS, type Question } from './support-questions';

function Questions({ id, title, questions }: { id: string; title: string; questions: readonly Question[] }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="text-xl font-bold text-stone-900">
        {title}
      </h2>
      <div className="mt-3 divide-y divide-stone-200 rounded-xl border border-stone-200 bg-white shadow-sm">
        {questions.map((item) => (
          <details key={item.question} className="group">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 px-4 py-4 font-semibold text-stone-900 sm:px-6 [&::-webkit-details-marker]:hidden">
              {item.question}
              <ChevronDown aria-hidden="true" className="size-5 shrink-0 text-stone-500 transition-transform group-open:rotate-180" />
            </summary>
            <div className="px-4 pb-4 text-sm leading-relaxed text-stone-700 sm:px-6">{item.answer}</div>
          </details>
        ))}
      </div>
    </section>
  );
}

/** Contact by e-mail or WhatsApp, and answers to what customers and vendors ask most. */
export function SupportPage() {
  useDocumentTitle('Support');
  return (
    <PageContainer width="narrow">
      <PageHeader title="Support" description="Help with your cards, stamps, rewards and vendor account." />
      <div className="grid gap-4 sm:grid-cols-2">
        <Card title="E-mail us" description="For anything about your account, cards or billing.">
          <Button asChild variant="outline" className="w-full">
            <a href={`mailto:${BRAND.supportEmail}`}>
              <Mail aria-hidden="true" />
              {BRAND.supportEmail}
            </a>
          </Button>
        </Card>
        <Card title="WhatsApp" description="Quick questions, also from the counter.">
          <Button asChild variant="outline" className="w-full">
            <a href={whatsappHref(BRAND.supportWhatsapp)} target="_blank" rel="noopener noreferrer">
              <MessageCircle aria-hidden="true" />
              Chat on WhatsApp
            </a>
          </Button>
        </Card>
      </div>
      <div className="mt-10 flex flex-col gap-10">
        <Questions id="customer-questions" title="For customers" questions={CUSTOMER_QUESTIONS} />
        <Questions id="vendor-questions" title="For vendors" questions={VENDOR_QUESTIONS} />
      </div>
      <p className="mt-10 text-sm text-stone-600">
        Read how we handle your data in our{' '}
        <Link to="/privacy" className="font-semibold text-brand-700 underline hover:text-brand-800">
          Privacy Policy
        </Link>
        .
      </p>
    </PageContainer>
  );
}
