import { ArrowRight, Crown, Flame, Store, Ticket } from 'lucide-react';
import { useTranslation } from '@client/lib/translation';
import { Link } from 'react-router';

export function CardKinds() {
  const { t } = useTranslation();
  const kinds = [
    { to: '/vendor-clubs', icon: Store, title: t('landing:kinds.clubs.title'), text: t('landing:kinds.clubs.text') },
    { to: '/daily-chaska', icon: Flame, title: t('landing:kinds.daily.title'), text: t('landing:kinds.daily.text') },
    {
      to: '/exclusive',
      icon: Crown,
      title: t('landing:kinds.exclusive.title'),
      text: t('landing:kinds.exclusive.text'),
    },
    { to: '/free-cards', icon: Ticket, title: t('landing:kinds.free.title'), text: t('landing:kinds.free.text') },
  ];
  return (
    <section aria-labelledby="card-kinds-title" className="border-y border-stone-200 bg-white">
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 lg:px-8 lg:py-20">
        <h2 id="card-kinds-title" className="text-3xl font-bold tracking-tight text-stone-900">
          {t('landing:kinds.title')}
        </h2>
        <p className="mt-2 max-w-2xl text-stone-600">{t('landing:kinds.intro')}</p>
        <ul className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {kinds.map((kind) => {
            const Icon = kind.icon;
            return (
              <li key={kind.to}>
                <Link
                  to={kind.to}
                  className="group flex h-full flex-col rounded-2xl border border-stone-200 bg-stone-50 p-5 transition-colors hover:border-brand-300 hover:bg-brand-50"
                >
                  <Icon aria-hidden="true" className="size-7 text-brand-700" />
                  <span className="mt-4 text-base font-semibold text-stone-900">{kind.title}</span>
                  <span className="mt-1 flex-1 text-sm text-stone-600">{kind.text}</span>
                  <span className="mt-4 inline-flex items-center gap-1 text-sm font-semibold text-brand-700 group-hover:text-brand-800">
                    {t('landing:kinds.browse')}
                    <ArrowRight
                      aria-hidden="true"
                      className="size-4 transition-transform group-hover:translate-x-0.5"
                    />
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
