import { useTranslation } from '@client/lib/translation';

export const MAIN_CONTENT_ID = 'main-content';

/** First tab stop on every layout: lets keyboard users jump past the navigation. */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a
      href={`#${MAIN_CONTENT_ID}`}
      className="sr-only rounded-lg bg-white px-4 py-2 text-sm font-semibold text-brand-800 shadow-lg focus:not-sr-only focus:fixed focus:top-3 focus:start-3 focus:z-[80]"
    >
      {t('common:skipToContent')}
    </a>
  );
}
