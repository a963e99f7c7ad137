import { ChevronRight, Mail, QrCode, Store } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '@client/lib/translation';
import '@client/lib/customer-texts';

export function ShortcutTiles() {
  const { t } = useTranslation('customer');
  const shortcuts: ReadonlyArray<{ to: string; title: string; text: string; icon: ReactNode }> = [
    {
      to: '/user/qr',
      title: t('customer:shortcuts.qr.title'),
      text: t('customer:shortcuts.qr.text'),
      icon: <QrCode />,
    },
    {
      to: '/email-preferences',
      title: t('customer:shortcuts.email.title'),
      text: t('customer:shortcuts.email.text'),
      icon: <Mail />,
    },
    {
      to: '/vendor-clubs',
      title: t('customer:shortcuts.browse.title'),
      text: t('customer:shortcuts.browse.text'),
      icon: <Store />,
    },
  ];
  return (
    <nav aria-label={t('customer:shortcuts.label')}>
      <ul className="grid gap-3 sm:grid-cols-3">
        {shortcuts.map((shortcut) => (
          <li key={shortcut.to}>
            <Link
              to={shortcut.to}
              className="flex items-center gap-3 rounded-xl border border-stone-200 bg-white p-4 shadow-sm transition-colors hover:border-brand-300 hover:bg-brand-50"
            >
              <span
                aria-hidden="true"
                className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700 [&_svg]:size-5"
              >
                {shortcut.icon}
              </span>
              <span className="min-w-0 flex-1">
                <span className="block text-sm font-semibold text-stone-900">{shortcut.title}</span>
                <span className="block truncate text-xs text-stone-600">{shortcut.text}</span>
              </span>
              <ChevronRight aria-hidden="true" className="size-4 shrink-0 text-stone-400" />
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
