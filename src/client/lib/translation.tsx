import { Trans as LinguiTrans, useLingui } from '@lingui/react';
import { Fragment, use, useCallback, type ReactElement } from 'react';
import { START_NAMESPACES, type Language } from '@shared/i18n/languages';
import { DEFAULT_TEXT_VARIABLES } from '@shared/i18n/placeholders';
import { languageOf, namespacesReady, translateWith, type TextValues } from './i18n';

/** Looks a text up by full key (namespace:key) with its values, in the shown language. */
export type TFunction = (key: string, values?: TextValues) => string;

/**
 * The language shown, re-rendering when it changes. From the catalogue of the page being drawn,
 * which is the page's own when the server renders it (decision 053), so the server and the
 * hydrating browser write the same language.
 */
export function useLanguage(): Language {
  return languageOf(useLingui().i18n);
}

function namespaceOf(key: string): string {
  const separator = key.indexOf(':');
  return separator > 0 ? key.slice(0, separator) : 'common';
}

/**
 * Suspends the screen until the namespaces are in, in the shown language, with the start
 * namespaces, which every screen may read without naming them (they are in the entry in English).
 */
function useNamespaces(language: Language, namespaces: readonly string[]): void {
  use(namespacesReady(language, [...new Set([...START_NAMESPACES, ...namespaces])]));
}

/**
 * The texts of one or more namespaces (the first is where a key without "namespace:" is looked up).
 * A screen suspends until its namespaces are in the shown language; `t` changes when the language
 * or an admin's override does, so memoised texts follow.
 */
export function useTranslation(namespaces: string | readonly string[] = 'common'): {
  t: TFunction;
  i18n: { language: Language };
} {
  const context = useLingui();
  const language = languageOf(context.i18n);
  const wanted = typeof namespaces === 'string' ? [namespaces] : namespaces;
  useNamespaces(language, wanted);
  const primary = wanted[0] ?? 'common';
  const t = useCallback<TFunction>(
    (key, values) => translateWith(context.i18n, key, values, primary),
    // The context is new on every change of language or texts.
    [context, primary],
  );
  return { t, i18n: { language } };
}

/** A value written inside a text as itself, so that "<" in a business's name is never read as markup. */
function asWritten(value: unknown): unknown {
  return typeof value === 'string' && /[<>]/.test(value) ? <Fragment>{value}</Fragment> : value;
}

/**
 * A text with elements inside it: "Read our <terms>Terms</terms>" with components={{ terms: <Link/> }}
 * puts the words inside the element, in the order the language puts them.
 */
export function Trans({
  i18nKey,
  values,
  components,
}: {
  i18nKey: string;
  values?: TextValues;
  components?: Record<string, ReactElement>;
}) {
  useNamespaces(useLanguage(), [namespaceOf(i18nKey)]);
  const shown = Object.fromEntries(
    Object.entries({ ...DEFAULT_TEXT_VARIABLES, ...values }).map(([name, value]) => [name, asWritten(value)]),
  );
  return <LinguiTrans id={i18nKey} values={shown} components={components} />;
}
