import { ArrowRight, Crown, Flame, Store, Ticket } from 'lucide-react';
import { Link } from 'react-router';
import { BRAND } from '@shared/brand';

const KINDS = [
  {
    to: '/vendor-clubs',
    icon: Store,
    title: 'Vendor Clubs',
    text: 'Join the club at your favourite spot and collect a stamp on every visit.',
  },
  {
    to: '/daily-chaska',
    icon: Flame,
    title: BRAND.dailyName,
    text: 'A fresh special every day, for a limited time only.',
  },
  {
    to: '/exclusive',
    icon: Crown,
    title: 'Exclusive',
    text: 'VIP clubs with member-only perks at premium vendors.',
  },
  {
    to: '/free-cards',
    icon: Ticket,
    title: 'Free Cards',
    text: 'Start collecting today at no cost at all.',
  },
] as const;

export function CardKinds() {
  return (
    <section aria-labelledby="card-kinds-title" className="border-y border-stone-200 bg-white">
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 lg:px-8 lg:py-20">
        <h2 id="card-kinds-title" className="text-3xl font-bold tracking-tight text-stone-900">
          Find your kind of card
        </h2>
        <p className="mt-2 max-w-2xl text-stone-600">From everyday chai to weekend biryani, there is a card for it.</p>
        <ul className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {KINDS.map((kind) => {
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
                    Browse
                    <ArrowRight aria-hidden="true" className="size-4 transition-transform group-hover:translate-x-0.5" />
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
