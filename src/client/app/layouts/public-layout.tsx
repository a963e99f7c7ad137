import { clsx } from 'clsx';
import { Menu } from 'lucide-react';
import { type ComponentType, Suspense, useRef, useState } from 'react';
import { useTranslation } from '@client/lib/translation';
import { Link, NavLink, Outlet } from 'react-router';
import { BrandLogo } from '@client/components/brand-logo';
import { HeaderActions } from '@client/components/header-actions';
import { LanguageSwitch } from '@client/components/language-switch';
import { Button } from '@client/components/ui/button';
import { FullPageSpinner } from '@client/components/ui/spinner';
import type { MobileMenuDialogProps } from './mobile-menu-dialog';
import { useInteractive } from '@client/lib/use-browser-value';
import { PUBLIC_NAV } from './public-nav';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link';

const FOOTER_LINKS = [
  { labelKey: 'common:footer.becomeVendor', to: '/vendor-signup' },
  { labelKey: 'common:footer.pricing', to: '/pricing' },
  { labelKey: 'common:footer.support', to: '/support' },
  { labelKey: 'common:footer.privacy', to: '/privacy' },
  { labelKey: 'common:footer.terms', to: '/terms' },
] as const;

type MobileMenuDialogComponent = ComponentType<MobileMenuDialogProps>;

function loadMobileMenuDialog(): Promise<MobileMenuDialogComponent> {
  return import('./mobile-menu-dialog').then((module) => module.MobileMenuDialog);
}

/**
 * The phone menu button. The panel (and the dialog library under it) is fetched on the first
 * sign of intent and kept, so it is not part of the page's first download.
 */
function MobileMenu() {
  const { t } = useTranslation();
  const [Dialog, setDialog] = useState<MobileMenuDialogComponent | null>(null);
  const [open, setOpen] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  // The panel needs the script: until the page is interactive the button says it cannot open yet
  // rather than dropping a tap (decision 059).
  const interactive = useInteractive();

  const prepare = () => {
    if (Dialog) return Promise.resolve(Dialog);
    return loadMobileMenuDialog().then((component) => {
      setDialog(() => component);
      return component;
    });
  };
  const openMenu = () => {
    // Offline, the import fails and nothing opens; the offline banner already says why.
    prepare().then(
      () => setOpen(true),
      () => undefined,
    );
  };

  return (
    <>
      <Button
        ref={triggerRef}
        variant="ghost"
        size="icon"
        aria-label={t('common:header.openMenu')}
        aria-haspopup="dialog"
        aria-expanded={open}
        className="lg:hidden"
        disabled={!interactive}
        onPointerEnter={() => void prepare().catch(() => undefined)}
        onFocus={() => void prepare().catch(() => undefined)}
        onClick={openMenu}
      >
        <Menu aria-hidden="true" className="!size-6" />
      </Button>
      {Dialog ? (
        <Dialog
          open={open}
          onOpenChange={setOpen}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            triggerRef.current?.focus();
          }}
        />
      ) : null}
    </>
  );
}

function PublicHeader() {
  const { t } = useTranslation();
  return (
    <header className="sticky top-0 z-40 border-b border-stone-200 bg-white">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-4 px-4 sm:px-6 lg:px-8">
        <Link to="/" aria-label={t('common:header.home')} className="rounded-lg">
          <BrandLogo />
        </Link>
        <nav aria-label={t('common:header.mainNav')} className="ms-6 hidden items-center gap-1 lg:flex">
          {PUBLIC_NAV.map((item) => (
            <NavLink
              key={item.to}
              to={item.to}
              className={({ isActive }) =>
                clsx(
                  'rounded-lg px-3 py-2 text-sm font-medium transition-colors',
                  isActive ? 'bg-brand-50 text-brand-800' : 'text-stone-700 hover:bg-stone-100 hover:text-stone-900',
                )
              }
            >
              {t(item.labelKey)}
            </NavLink>
          ))}
        </nav>
        <div className="ms-auto flex items-center gap-2">
          <LanguageSwitch />
          <HeaderActions className="hidden sm:flex" />
          <MobileMenu />
        </div>
      </div>
    </header>
  );
}

function PublicFooter() {
  const { t } = useTranslation();
  return (
    <footer className="border-t border-stone-200 bg-stone-900 text-stone-300">
      <div className="mx-auto flex max-w-6xl flex-col gap-8 px-4 py-10 sm:px-6 md:flex-row md:items-start md:justify-between lg:px-8">
        <div className="max-w-sm">
          <Link to="/" aria-label={t('common:header.home')} className="inline-block rounded-lg">
            <BrandLogo tone="light" />
          </Link>
          <p className="mt-3 text-sm font-medium text-brand-200">{t('common:footer.tagline')}</p>
          <p className="mt-2 text-sm text-stone-400">{t('common:footer.description')}</p>
        </div>
        <nav aria-label={t('common:footer.nav')}>
          <ul className="grid grid-cols-2 gap-x-10 gap-y-3 text-sm sm:flex sm:flex-wrap sm:gap-x-8">
            {FOOTER_LINKS.map((item) => (
              <li key={item.to}>
                <Link to={item.to} className="rounded font-medium text-stone-200 hover:text-white hover:underline">
                  {t(item.labelKey)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="border-t border-stone-800">
        <p className="mx-auto max-w-6xl px-4 py-5 text-xs text-stone-400 sm:px-6 lg:px-8">
          {t('common:footer.copyright', { year: new Date().getFullYear() })} {t('common:footer.note')}
        </p>
      </div>
    </footer>
  );
}

export function PublicLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <PublicHeader />
      {/* At least a screen tall, so the footer starts below the fold and is not pushed down while a page loads. */}
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="min-h-[calc(100dvh-4rem)] flex-1 outline-none">
        <Suspense fallback={<FullPageSpinner />}>
          <Outlet />
        </Suspense>
      </main>
      <PublicFooter />
    </div>
  );
}
