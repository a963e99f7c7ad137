import { Gift, MapPin, QrCode } from 'lucide-react';
import { useTranslation } from '@client/lib/translation';

export function HowItWorks() {
  const { t } = useTranslation();
  const steps = [
    { icon: MapPin, title: t('landing:howItWorks.find.title'), text: t('landing:howItWorks.find.text') },
    { icon: QrCode, title: t('landing:howItWorks.collect.title'), text: t('landing:howItWorks.collect.text') },
    { icon: Gift, title: t('landing:howItWorks.earn.title'), text: t('landing:howItWorks.earn.text') },
  ];
  return (
    <section aria-labelledby="how-it-works-title" className="mx-auto max-w-6xl px-4 py-16 sm:px-6 lg:px-8 lg:py-20">
      <div className="max-w-2xl">
        <h2 id="how-it-works-title" className="text-3xl font-bold tracking-tight text-stone-900">
          {t('landing:howItWorks.title')}
        </h2>
        <p className="mt-2 text-stone-600">{t('landing:howItWorks.intro')}</p>
      </div>
      <ol className="mt-10 grid gap-5 md:grid-cols-3">
        {steps.map((step, index) => {
          const Icon = step.icon;
          return (
            <li key={step.title} className="relative rounded-2xl border border-stone-200 bg-white p-6 shadow-sm">
              <div className="flex items-center gap-3">
                <span
                  aria-hidden="true"
                  className="flex size-12 items-center justify-center rounded-xl bg-brand-700 text-white"
                >
                  <Icon className="size-6" />
                </span>
                <span className="text-sm font-semibold text-brand-800">
                  {t('landing:howItWorks.step', { number: index + 1 })}
                </span>
              </div>
              <h3 className="mt-4 text-lg font-semibold text-stone-900">{step.title}</h3>
              <p className="mt-2 text-sm text-stone-600">{step.text}</p>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
