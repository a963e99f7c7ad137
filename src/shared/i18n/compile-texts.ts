/**
 * The one formatter of the catalogue, in the browser and on the server (decision 063). Turns a
 * namespace of catalogue texts (i18next's syntax, which the Global Text Editor and the
 * placeholder checks share: "Hi {{name}}", "{{count, number}} stamps", plural forms as
 * "key_one" and "key_other") into compiled messages (decision 063), and writes them out with their
 * values (formatMessage; Lingui's runtime writes the few texts with elements inside, Trans).
 * Compiling here, not with Lingui's ICU compiler, keeps that compiler out of the browser and leaves
 * a text's apostrophes and braces as the admin wrote them.
 */

import { formatNumber } from '@shared/number-format';
import { LANGUAGE_LOCALE, type Language } from './languages';
import { DEFAULT_TEXT_VARIABLES } from './placeholders';

/** A placeholder: [name] for the value as given, [name, "number"] for it written as a number. */
type Placeholder = [name: string] | [name: string, format: 'number'];
/** A choice of plural forms by a count, with Lingui's token shape. */
type PluralChoice = [name: string, format: 'plural', forms: Record<string, Message>];
export type Message = (string | Placeholder | PluralChoice)[];
export type Messages = Record<string, Message>;

const PLACEHOLDER = /\{\{\s*([^}\s,]+)\s*(?:,\s*([^}\s]+)\s*)?\}\}/g;
const PLURAL_FORM = /^(.+)_(zero|one|two|few|many|other)$/;

/** One text's literal runs and placeholders; a format other than "number" is shown as the value. */
export function compileText(text: string): Message {
  const message: Message = [];
  let from = 0;
  for (const match of text.matchAll(PLACEHOLDER)) {
    if (match.index > from) message.push(text.slice(from, match.index));
    const [, name = '', format] = match;
    message.push(format === 'number' ? [name, 'number'] : [name]);
    from = match.index + match[0].length;
  }
  if (from < text.length || message.length === 0) message.push(text.slice(from));
  return message;
}

/**
 * A namespace's messages by full key (namespace:key). Plural forms are kept under their own
 * keys and also joined under the base key as a choice by `count`, which is what t(key, { count })
 * asks for, as with i18next.
 */
export function compileNamespace(namespace: string, texts: Record<string, string>): Messages {
  const messages: Messages = {};
  const plurals = new Map<string, Record<string, Message>>();
  for (const [key, text] of Object.entries(texts)) {
    const compiled = compileText(text);
    messages[`${namespace}:${key}`] = compiled;
    const plural = PLURAL_FORM.exec(key);
    if (plural) {
      const [, base = '', form = 'other'] = plural;
      const forms = plurals.get(base) ?? {};
      forms[form] = compiled;
      plurals.set(base, forms);
    }
  }
  for (const [base, forms] of plurals) {
    if (forms.other) messages[`${namespace}:${base}`] = [['count', 'plural', forms]];
  }
  return messages;
}

const pluralRules = new Map<string, Intl.PluralRules>();

/** The plural form a count takes in a locale ("one", "other", ...). */
function pluralForm(count: number, locale: string): string {
  let rules = pluralRules.get(locale);
  if (!rules) {
    rules = new Intl.PluralRules(locale);
    pluralRules.set(locale, rules);
  }
  return rules.select(count);
}

/**
 * A compiled message written out with its values in a locale (en-PK or ur-PK), as i18next writes
 * the text: a value as given, a number placeholder through formatNumber, a plural choice by the
 * count's form (else "other"); a missing value writes nothing. Written here rather than by Lingui's
 * runtime, which makes an Intl.NumberFormat for every plural choice even where no number is shown:
 * the first one a page makes costs tens of milliseconds (decision 069).
 */
export function formatMessage(message: Message, values: Readonly<Record<string, unknown>>, locale: string): string {
  let written = '';
  for (const token of message) {
    if (typeof token === 'string') {
      written += token;
      continue;
    }
    const value = values[token[0]];
    if (token.length === 3) {
      const forms = token[2];
      const form = forms[pluralForm(Number(value), locale)] ?? forms.other;
      if (form) written += formatMessage(form, values, locale);
    } else if (value !== undefined && value !== null) {
      written += token[1] === 'number' ? formatNumber(Number(value), locale) : String(value);
    }
  }
  return written;
}

type Texts = Record<string, string>;

/** Every namespace of one language's catalogue, compiled. */
export function compileCatalogue(catalogue: Readonly<Record<string, Texts>>): Messages {
  const messages: Messages = {};
  for (const [namespace, texts] of Object.entries(catalogue))
    Object.assign(messages, compileNamespace(namespace, texts));
  return messages;
}

/** Reads a full key in a language with its values; `count` picks the plural form. */
export type CatalogueText = (language: Language, key: string, values?: Readonly<Record<string, unknown>>) => string;

/**
 * A translator over whole catalogues (the server's, with the admin's overrides laid in; tests'):
 * an Urdu text the catalogue lacks is written in English, an unknown key as itself, and the
 * product's own variables ({{brand}}) are filled unless a value is given.
 */
export function catalogueTranslator(
  catalogues: Readonly<Record<Language, Readonly<Record<string, Texts>>>>,
): CatalogueText {
  const compiled: Record<Language, Messages> = {
    en: compileCatalogue(catalogues.en),
    ur: compileCatalogue(catalogues.ur),
  };
  return (language, key, values) => {
    const message = compiled[language][key] ?? compiled.en[key];
    if (!message) return key;
    return formatMessage(message, { ...DEFAULT_TEXT_VARIABLES, ...values }, LANGUAGE_LOCALE[language]);
  };
}
