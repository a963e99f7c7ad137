import { Store } from 'lucide-react';
import { useTranslation } from '@client/lib/translation';
import { Link } from 'react-router';
import { Button } from '@client/components/ui/button';

export function VendorInvite() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="vendor-invite-title" className="mx-auto max-w-6xl px-4 py-16 sm:px-6 lg:px-8 lg:py-20">
      <div className="relative isolate overflow-hidden rounded-3xl bg-stone-900 px-6 py-10 sm:px-10 sm:py-14">
        <div
          aria-hidden="true"
          className="absolute -end-16 -bottom-16 -z-10 size-64 rounded-full bg-brand-700/40 blur-3xl"
        />
        <div className="flex flex-col gap-8 md:flex-row md:items-center md:justify-between">
          <div className="max-w-xl">
            <Store aria-hidden="true" className="size-8 text-brand-300" />
            <h2 id="vendor-invite-title" className="mt-4 text-2xl font-bold tracking-tight text-white sm:text-3xl">
              {t('landing:invite.title')}
            </h2>
            <p className="mt-3 text-stone-300">{t('landing:invite.text')}</p>
          </div>
          <div className="flex flex-col gap-3 sm:flex-row md:flex-col lg:flex-row">
            <Button asChild size="lg">
              <Link to="/vendor-signup">{t('landing:invite.becomeVendor')}</Link>
            </Button>
            <Button asChild size="lg" variant="secondary">
              <Link to="/pricing">{t('landing:invite.pricing')}</Link>
            </Button>
          </div>
        </div>
      </div>
    </section>
  );
}
