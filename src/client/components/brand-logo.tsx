import { clsx } from 'clsx';
import { BRAND } from '@shared/brand';

export interface BrandLogoProps {
  /** A small area label after the name, such as "Admin". */
  suffix?: string;
  /** light is for dark backgrounds such as the footer. */
  tone?: 'dark' | 'light';
  className?: string;
}

/** The mark matches public/favicon.svg so the tab icon and the header agree. */
export function BrandLogo({ suffix, tone = 'dark', className }: BrandLogoProps) {
  return (
    <span
      className={clsx(
        'inline-flex items-center gap-2 font-extrabold tracking-tight',
        tone === 'dark' ? 'text-stone-900' : 'text-white',
        className,
      )}
    >
      <svg aria-hidden="true" viewBox="0 0 64 64" className="size-8 shrink-0">
        <rect width="64" height="64" rx="14" fill="var(--color-brand-700)" />
        <path d="M20 32a12 12 0 0 1 24 0" stroke="#fff" strokeWidth="6" fill="none" strokeLinecap="round" />
        <circle cx="32" cy="42" r="5" fill="var(--color-brand-200)" />
      </svg>
      <span className="text-xl">{BRAND.name}</span>
      {/* A space the flex layout drops but a screen reader keeps: "Chaska Vendor", not "ChaskaVendor". */}
      {suffix ? ' ' : null}
      {suffix ? (
        <span className="rounded-md bg-brand-100 px-1.5 py-0.5 text-xs font-semibold tracking-normal text-brand-900">
          {suffix}
        </span>
      ) : null}
    </span>
  );
}
