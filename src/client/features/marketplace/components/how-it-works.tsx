import { Gift, MapPin, QrCode } from 'lucide-react';

const STEPS = [
  {
    icon: MapPin,
    title: 'Find a vendor',
    text: 'Browse restaurants, cafes, bakeries and sweet shops in your city and pick the cards you like.',
  },
  {
    icon: QrCode,
    title: 'Collect stamps by QR',
    text: 'Scan the QR code at the counter, or show yours to the staff. Every visit adds a stamp.',
  },
  {
    icon: Gift,
    title: 'Earn rewards',
    text: 'Fill a card and redeem your reward right at the counter. Then start collecting again.',
  },
] as const;

export function HowItWorks() {
  return (
    <section aria-labelledby="how-it-works-title" className="mx-auto max-w-6xl px-4 py-16 sm:px-6 lg:px-8 lg:py-20">
      <div className="max-w-2xl">
        <h2 id="how-it-works-title" className="text-3xl font-bold tracking-tight text-stone-900">
          How it works
        </h2>
        <p className="mt-2 text-stone-600">Three steps from your first visit to your first reward.</p>
      </div>
      <ol className="mt-10 grid gap-5 md:grid-cols-3">
        {STEPS.map((step, index) => {
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
                <span className="text-sm font-semibold text-brand-800">Step {index + 1}</span>
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
