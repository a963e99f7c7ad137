import account from './en/account';
import admin from './en/admin';
import automations from './en/automations';
import auth from './en/auth';
import campaigns from './en/campaigns';
import codes from './en/codes';
import common from './en/common';
import customer from './en/customer';
import emailPreferences from './en/emailPreferences';
import emails from './en/emails';
import forms from './en/forms';
import heads from './en/heads';
import landing from './en/landing';
import marketplace from './en/marketplace';
import pricing from './en/pricing';
import privacy from './en/privacy';
import share from './en/share';
import support from './en/support';
import terms from './en/terms';
import vendor from './en/vendor';
import { UR_CATALOGUE } from './catalogue-ur';
import type { Language } from './languages';
import { isPhoneTextKey, ROMAN_URDU, ROMAN_URDU_TEXTS, type MessageLanguage } from './roman-urdu';

/**
 * The English message catalogue, one namespace per screen or domain. The browser loads the
 * namespaces a screen needs (src/client/lib/i18n.ts); the server renders e-mails from the same
 * files (src/server/lib/texts.ts). An admin's override of a text is stored under its full key,
 * "namespace:key" (Global Text Editor).
 */
export const EN_CATALOGUE = {
  common,
  landing,
  marketplace,
  share,
  auth,
  account,
  forms,
  customer,
  codes,
  campaigns,
  vendor,
  admin,
  terms,
  privacy,
  support,
  emails,
  automations,
  pricing,
  emailPreferences,
  heads,
} satisfies Record<string, Record<string, string>>;

export type Namespace = keyof typeof EN_CATALOGUE;
export const NAMESPACES = Object.keys(EN_CATALOGUE) as Namespace[];

/** How the Global Text Editor names each namespace. */
export const NAMESPACE_LABELS: Record<Namespace, string> = {
  common: 'Every page (header and footer)',
  landing: 'Landing page',
  marketplace: 'Card listings and vendor pages',
  share: 'Share buttons',
  auth: 'Sign in and sign up',
  account: 'Account pages (new password, e-mail confirmation, profile, two-factor, sign out)',
  forms: 'Form field messages (sign-in, sign-up, password, profile, two-factor)',
  customer: 'Customer dashboard',
  codes: 'Camera and rotating codes (scanner, My QR, counter code)',
  campaigns: 'Vendor campaigns (composer and figures)',
  vendor: 'Vendor area (sidebar, Issue Stamp, cards, customers, profile, billing, analytics, API)',
  admin: 'Admin area (sidebar, dashboard, users, vendors, cards, applications, e-mails, SEO, text editor)',
  terms: 'Terms of Service',
  privacy: 'Privacy Policy',
  support: 'Support',
  emails: 'E-mails',
  automations: "Vendor automations (default texts and the vendor's page)",
  pricing: 'Pricing page (plans, limits and features)',
  emailPreferences: 'E-mail preferences and the unsubscribe page',
  heads: "Public pages' titles and descriptions (search results, shared links); SEO Automation overrides them",
};

export function isNamespace(value: string): value is Namespace {
  return Object.hasOwn(EN_CATALOGUE, value);
}

/** Each language's catalogue; the Global Text Editor shows and checks against the chosen one's defaults. */
const CATALOGUES: Record<Language, Record<Namespace, Record<string, string>>> = { en: EN_CATALOGUE, ur: UR_CATALOGUE };

/**
 * The default text of a full key ("landing:hero.headline") in a language, or undefined for an
 * unknown key. Roman Urdu has the texts of WhatsApp messages and SMS only.
 */
export function defaultTextOf(fullKey: string, language: MessageLanguage): string | undefined {
  if (language === ROMAN_URDU) return isPhoneTextKey(fullKey) ? ROMAN_URDU_TEXTS[fullKey] : undefined;
  const [namespace, key] = splitTextKey(fullKey);
  if (!namespace || !isNamespace(namespace)) return undefined;
  const texts = CATALOGUES[language][namespace];
  return Object.hasOwn(texts, key) ? texts[key] : undefined;
}

export function splitTextKey(fullKey: string): [string, string] {
  const colon = fullKey.indexOf(':');
  return colon < 0 ? ['', fullKey] : [fullKey.slice(0, colon), fullKey.slice(colon + 1)];
}

/**
 * Every text of a language's catalogue as [full key, default text], in the English catalogue's
 * order (the Urdu one has the same keys, Roman Urdu the phone's few), so the editor lists them alike.
 */
export function allCatalogueTexts(language: MessageLanguage): Array<[string, string]> {
  if (language === ROMAN_URDU)
    return allCatalogueTexts('en').flatMap(([key]) => (isPhoneTextKey(key) ? [[key, ROMAN_URDU_TEXTS[key]]] : []));
  return NAMESPACES.flatMap((namespace) => {
    const texts = CATALOGUES[language][namespace];
    return Object.entries(EN_CATALOGUE[namespace] as Record<string, string>).map(([key, english]): [string, string] => [
      `${namespace}:${key}`,
      texts[key] ?? english,
    ]);
  });
}
