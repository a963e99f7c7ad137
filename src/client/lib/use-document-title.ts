import { useEffect } from 'react';
import { BRAND } from '@shared/brand';

export function formatDocumentTitle(title: string | null): string {
  return title ? `${title} · ${BRAND.name}` : `${BRAND.name} — ${BRAND.tagline}`;
}

/** Sets the tab title as "Page · Chaska"; pass null for the home page title. */
export function useDocumentTitle(title: string | null): void {
  useEffect(() => {
    document.title = formatDocumentTitle(title);
  }, [title]);
}
