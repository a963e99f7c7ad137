import { clsx } from 'clsx';

const SIZES = {
  card: 'size-11 rounded-xl text-2xl',
  reward: 'size-12 rounded-xl text-2xl',
  tile: 'size-14 rounded-2xl text-3xl',
  page: 'size-20 rounded-3xl text-5xl ring-1 ring-brand-100',
};

/** A shop's emoji logo on its tinted square; hidden from screen readers, as the shop's name is always beside it. */
export function VendorLogo({ logo, size }: { logo: string; size: keyof typeof SIZES }) {
  return (
    <span aria-hidden="true" className={clsx('flex shrink-0 items-center justify-center bg-brand-50', SIZES[size])}>
      {logo}
    </span>
  );
}
