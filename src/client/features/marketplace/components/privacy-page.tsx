import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BRAND } from '@shared/brand';
import { PageContainer } from '@client/components/page-container';
import { PageHeader } from '@client/components/ui/page-header';
import { useDocumentTitle } from '@client/lib/use-document-title';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mt-8 first:mt-0">
      <h2 className="text-lg font-semibold text-stone-900">{title}</h2>
      <div className="mt-2 space-y-3 text-stone-700">{children}</div>
    </section>
  );
}

const mailLink = (
  <a href={`mailto:${BRAND.supportEmail}`} className="font-semibold text-brand-700 underline hover:text-brand-800">
    {BRAND.supportEmail}
  </a>
);

export function PrivacyPage() {
  useDocumentTitle('Privacy Policy');
  return (
    <PageContainer width="narrow">
      <PageHeader
        title="Privacy Policy"
        description={`How ${BRAND.name} collects, uses and protects your personal information.`}
      />
      <article className="rounded-xl border border-stone-200 bg-white p-5 leading-relaxed shadow-sm sm:p-8">
        <Section title="Who we are">
          <p>
            {BRAND.name} is a digital loyalty-card service for local businesses in Pakistan. Customers collect
            stamps at partner restaurants, cafes, bakeries and sweet shops and earn rewards. This policy explains
            what we collect when you use {BRAND.name}, why, and the choices you have.
          </p>
        </Section>

        <Section title="What we collect">
          <ul className="list-disc space-y-1.5 pl-5">
            <li>Your name and e-mail address, so you can sign in and we can reach you.</li>
            <li>Your phone number and city, if you add them, so vendors near you can serve you.</li>
            <li>Your loyalty activity: the cards you hold, the stamps you collect and the rewards you earn or redeem.</li>
            <li>
              For vendors: business details, contact people, location, opening hours and subscription and payment
              records.
            </li>
            <li>Basic technical data such as sign-in times, needed to keep your account secure.</li>
          </ul>
          <p>We do not collect your card or bank details; payments are handled by our payment provider.</p>
        </Section>

        <Section title="Why we use it">
          <ul className="list-disc space-y-1.5 pl-5">
            <li>To run your account and keep your stamps and rewards up to date.</li>
            <li>To let a vendor see the stamps and rewards you hold on their own cards, so they can serve you.</li>
            <li>To send the e-mails you ask for, such as deals and reward alerts, and security messages.</li>
            <li>To prevent fraud, such as forged or repeated stamps, and to keep the service working.</li>
          </ul>
          <p>We do not sell your personal information.</p>
        </Section>

        <Section title="Who can see it">
          <p>
            A vendor sees only the customers who hold its cards and their activity on those cards. Our admins see
            what they need to run the platform. Service providers that host the app, send e-mail or take payments
            process data for us under agreements that require them to protect it.
          </p>
        </Section>

        <Section title="Your choices">
          <ul className="list-disc space-y-1.5 pl-5">
            <li>
              Change which e-mails you receive at any time on the{' '}
              <Link to="/email-preferences" className="font-semibold text-brand-700 underline hover:text-brand-800">
                Email Preferences
              </Link>{' '}
              page, or use the unsubscribe link in any of our e-mails.
            </li>
            <li>Ask us for a copy of your data, to correct it, or to delete your account.</li>
          </ul>
        </Section>

        <Section title="How long we keep it">
          <p>
            We keep your data while your account is open. When you close it, we delete or anonymise your personal
            information, except records we must keep by law, such as payment records.
          </p>
        </Section>

        <Section title="Contact us">
          <p>Questions about your privacy or this policy? Write to {mailLink}.</p>
        </Section>
      </article>
    </PageContainer>
  );
}
