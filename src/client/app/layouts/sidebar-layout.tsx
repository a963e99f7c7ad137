import { clsx } from 'clsx';
import type { LucideIcon } from 'lucide-react';
import { ArrowLeft, Menu, X } from 'lucide-react';
import { Suspense, useId, useState } from 'react';
import { useTranslation } from '@client/lib/translation';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { BrandLogo } from '@client/components/brand-logo';
import { LanguageSwitch } from '@client/components/language-switch';
import { Button } from '@client/components/ui/button';
import { FullPageSpinner } from '@client/components/ui/spinner';
// The sidebar's own texts live in the vendor namespace; the admin area shows this sidebar too.
import '@client/lib/vendor-texts';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link';

export interface SidebarItem {
  label: string;
  to: string;
  icon: LucideIcon;
  /** Other paths that show this same screen and should light up this entry. */
  aliases?: readonly string[];
}

interface SidebarLayoutProps {
  /** "Admin" or "Vendor": names the navigation and tags the brand. */
  area: string;
  items: readonly SidebarItem[];
}

function SidebarLinks({ items, onNavigate }: { items: readonly SidebarItem[]; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  return (
    <ul className="flex flex-col gap-0.5">
      {items.map((item) => {
        const Icon = item.icon;
        const aliased = item.aliases?.includes(pathname) ?? false;
        return (
          <li key={item.to}>
            <NavLink
              to={item.to}
              // The area root ("/admin", "/vendor") must not stay lit on every child page.
              end={item.to.split('/').length <= 2}
              onClick={onNavigate}
              className={({ isActive }) =>
                clsx(
                  'flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium transition-colors',
                  isActive || aliased
                    ? 'bg-brand-50 text-brand-800'
                    : 'text-stone-700 hover:bg-stone-100 hover:text-stone-900',
                )
              }
            >
              {({ isActive }) => (
                <>
                  <Icon
                    aria-hidden="true"
                    className={clsx('size-5 shrink-0', isActive || aliased ? 'text-brand-700' : 'text-stone-500')}
                  />
                  <span className="min-w-0">{item.label}</span>
                </>
              )}
            </NavLink>
          </li>
        );
      })}
    </ul>
  );
}

function BackToSite() {
  const { t } = useTranslation('vendor');
  return (
    <Link
      to="/"
      className="flex items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium text-stone-600 hover:bg-stone-100 hover:text-stone-900"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      {t('vendor:sidebar.backTo')}
    </Link>
  );
}

/** Phones get a top bar whose menu button unfolds the same links below it. */
function MobileTopMenu({ area, items }: SidebarLayoutProps) {
  const { t } = useTranslation('vendor');
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const close = () => setOpen(false);
  return (
    <div
      className="sticky top-0 z-40 border-b border-stone-200 bg-white lg:hidden"
      onKeyDown={(event) => {
        if (event.key === 'Escape') close();
      }}
    >
      <div className="flex h-16 items-center justify-between gap-3 px-4 sm:px-6">
        <Link to={items[0]?.to ?? '/'} aria-label={t('vendor:sidebar.home', { area })} className="rounded-lg">
          <BrandLogo suffix={area} />
        </Link>
        <Button
          variant="outline"
          size="sm"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((value) => !value)}
        >
          {open ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
          {t('common:menu.title')}
        </Button>
      </div>
      {open ? (
        <nav
          id={panelId}
          aria-label={area}
          className="max-h-[calc(100dvh-4rem)] overflow-y-auto border-t border-stone-200 px-3 py-3 shadow-md"
        >
          <SidebarLinks items={items} onNavigate={close} />
          <div className="mt-2 flex items-center justify-between gap-2 border-t border-stone-200 pt-2">
            <BackToSite />
            <LanguageSwitch />
          </div>
        </nav>
      ) : null}
    </div>
  );
}

/** The frame of the admin and vendor areas: a fixed sidebar on wide screens, a top menu on phones. */
export function SidebarLayout({ area, items }: SidebarLayoutProps) {
  const { t } = useTranslation('vendor');
  return (
    <div className="min-h-dvh bg-stone-50">
      <SkipLink />
      <MobileTopMenu area={area} items={items} />
      <aside className="fixed inset-y-0 start-0 z-30 hidden w-64 flex-col border-e border-stone-200 bg-white lg:flex">
        <div className="flex h-16 shrink-0 items-center border-b border-stone-200 px-5">
          <Link to={items[0]?.to ?? '/'} aria-label={t('vendor:sidebar.home', { area })} className="rounded-lg">
            <BrandLogo suffix={area} />
          </Link>
        </div>
        <nav aria-label={area} className="flex-1 overflow-y-auto px-3 py-4">
          <SidebarLinks items={items} />
        </nav>
        <div className="flex shrink-0 items-center justify-between gap-2 border-t border-stone-200 p-3">
          <BackToSite />
          <LanguageSwitch />
        </div>
      </aside>
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="min-w-0 outline-none lg:ps-64">
        <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
          <Suspense fallback={<FullPageSpinner />}>
            <Outlet />
          </Suspense>
        </div>
      </main>
    </div>
  );
}
