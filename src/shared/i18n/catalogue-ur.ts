import type { EN_CATALOGUE } from './catalogue';
import account from './ur/account';
import admin from './ur/admin';
import automations from './ur/automations';
import auth from './ur/auth';
import campaigns from './ur/campaigns';
import codes from './ur/codes';
import common from './ur/common';
import customer from './ur/customer';
import emailPreferences from './ur/emailPreferences';
import emails from './ur/emails';
import forms from './ur/forms';
import heads from './ur/heads';
import landing from './ur/landing';
import marketplace from './ur/marketplace';
import pricing from './ur/pricing';
import privacy from './ur/privacy';
import share from './ur/share';
import support from './ur/support';
import terms from './ur/terms';
import vendor from './ur/vendor';

/**
 * The Urdu catalogue, every namespace of the English one with the same keys (each file is typed
 * against its English twin). The server imports it whole (e-mails, messages); the browser loads a
 * namespace only when Urdu is on (src/client/lib/i18n.ts), so English visitors never download it.
 */
export const UR_CATALOGUE = {
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
} satisfies Record<keyof typeof EN_CATALOGUE, Record<string, string>>;
