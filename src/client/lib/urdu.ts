/**
 * Everything only Urdu needs, in one chunk fetched when Urdu is on (decision 039): the loaders of
 * the Urdu namespaces, each its own chunk fetched with the screen that asks for it, and Noto
 * Nastaliq Urdu, self-hosted, cut down to the characters Urdu is written with (regular and bold,
 * scripts/subset-urdu-font.ts), with font-display: swap (the text shows at once and takes Nastaliq
 * when the font arrives). An Urdu page's head preloads this chunk and the start texts, and links
 * the fallback faces' style sheet (src/server/plugins/route-preloads.ts), so none of them waits for
 * the entry to run; a page the browser draws also preloads the regular font.
 *
 * Nastaliq itself is fetched when this chunk runs (decision 064): on a page the server drew the
 * 116 kB font must come after the first paint, which the fallback faces already give Nastaliq's
 * size. Its faces join the page only once loaded, so the text is laid out again once (decision 072).
 */
import { addNastaliqWhenLoaded } from '@client/fonts/load-nastaliq';
import '@client/fonts/urdu-fallback-font.css';

// The server's rendering reads the Urdu texts through this chunk too; fonts are the browser's.
if (typeof document !== 'undefined') void addNastaliqWhenLoaded();

type Texts = Record<string, string>;

const URDU_NAMESPACES: Record<string, () => Promise<{ default: Texts }>> = {
  common: () => import('@shared/i18n/ur/common'),
  landing: () => import('@shared/i18n/ur/landing'),
  marketplace: () => import('@shared/i18n/ur/marketplace'),
  share: () => import('@shared/i18n/ur/share'),
  auth: () => import('@shared/i18n/ur/auth'),
  account: () => import('@shared/i18n/ur/account'),
  forms: () => import('@shared/i18n/ur/forms'),
  customer: () => import('@shared/i18n/ur/customer'),
  codes: () => import('@shared/i18n/ur/codes'),
  campaigns: () => import('@shared/i18n/ur/campaigns'),
  vendor: () => import('@shared/i18n/ur/vendor'),
  admin: () => import('@shared/i18n/ur/admin'),
  terms: () => import('@shared/i18n/ur/terms'),
  privacy: () => import('@shared/i18n/ur/privacy'),
  support: () => import('@shared/i18n/ur/support'),
  emails: () => import('@shared/i18n/ur/emails'),
  automations: () => import('@shared/i18n/ur/automations'),
  pricing: () => import('@shared/i18n/ur/pricing'),
  emailPreferences: () => import('@shared/i18n/ur/emailPreferences'),
};

export async function loadUrduNamespace(namespace: string): Promise<Texts> {
  const load = URDU_NAMESPACES[namespace];
  if (!load) throw new Error(`No Urdu catalogue namespace ${namespace}`);
  return (await load()).default;
}
