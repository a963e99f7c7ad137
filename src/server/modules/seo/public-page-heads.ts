import { formatPageTitle, type PageHead, type PublicPagePath } from '@shared/seo/page-heads';
import { serverText } from '@server/lib/texts';

/**
 * The catalogue keys of each public page's default head (namespace `heads`): the page's name,
 * which becomes "Name · Chaska", and its description. The home page's title is written whole.
 */
const PUBLIC_PAGE_HEAD_KEYS: Record<PublicPagePath, { name: string | null; description: string }> = {
  '/': { name: null, description: 'heads:home.description' },
  '/vendor-clubs': { name: 'heads:vendorClubs.name', description: 'heads:vendorClubs.description' },
  '/daily-chaska': { name: 'heads:dailyChaska.name', description: 'heads:dailyChaska.description' },
  '/exclusive': { name: 'heads:exclusive.name', description: 'heads:exclusive.description' },
  '/free-cards': { name: 'heads:freeCards.name', description: 'heads:freeCards.description' },
  '/vendor-signup': { name: 'heads:vendorSignup.name', description: 'heads:vendorSignup.description' },
  '/pricing': { name: 'heads:pricing.name', description: 'heads:pricing.description' },
  '/support': { name: 'heads:support.name', description: 'heads:support.description' },
  '/privacy': { name: 'heads:privacy.name', description: 'heads:privacy.description' },
  '/terms': { name: 'heads:terms.name', description: 'heads:terms.description' },
  '/auth': { name: 'heads:auth.name', description: 'heads:auth.description' },
};

/** The home page's title, in the language serverText answers in (the request's). */
export function homeTitle(): string {
  return serverText('heads:home.title');
}

/** The description of pages without one of their own. */
export function defaultDescription(): string {
  return serverText('heads:home.description');
}

/** "Name · Chaska" with the name from the catalogue. */
export function titleNamed(key: string): string {
  return formatPageTitle(serverText(key));
}

/** A public page's default head (before an admin's override), in the request's language. */
export function defaultPageHead(path: PublicPagePath): PageHead {
  const keys = PUBLIC_PAGE_HEAD_KEYS[path];
  return {
    title: keys.name === null ? homeTitle() : titleNamed(keys.name),
    description: serverText(keys.description),
  };
}
