import { SearchX } from 'lucide-react';
import { useState } from 'react';
import type { AdminTextEntry } from '@shared/platform/admin-texts';
import {
  isMessageLanguage,
  MESSAGE_LANGUAGE_NAMES,
  MESSAGE_LANGUAGES,
  ROMAN_URDU,
  type MessageLanguage,
} from '@shared/i18n/roman-urdu';
import { Banner } from '@client/components/ui/banner';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { EmptyState } from '@client/components/ui/empty-state';
import { FormField, Input, Select } from '@client/components/ui/form-field';
import { PageHeader } from '@client/components/ui/page-header';
import { Spinner } from '@client/components/ui/spinner';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { useAdminTexts } from '@client/features/platform/api/list-texts';
import { TextEntryEditor } from './text-entry-editor';
import { useDebouncedValue } from '@client/components/admin/use-debounced-value';
import { useFlash } from '@client/components/admin/use-flash';
import { useLanguage } from '@client/lib/translation';
import { useTranslation } from '@client/lib/translation';
import '@client/lib/admin-texts';

/** The entries in catalogue order, one group per screen (namespace). */
function groupsOf(entries: AdminTextEntry[]): Array<{ namespace: string; area: string; entries: AdminTextEntry[] }> {
  const groups: Array<{ namespace: string; area: string; entries: AdminTextEntry[] }> = [];
  for (const entry of entries) {
    const last = groups.at(-1);
    if (last?.namespace === entry.namespace) last.entries.push(entry);
    else groups.push({ namespace: entry.namespace, area: entry.area, entries: [entry] });
  }
  return groups;
}

/**
 * Editors drawn at a time: the catalogue has some 2,400 texts, and drawing a box for each took
 * seconds (over thirty on a slow machine) before the page answered at all.
 */
const TEXTS_PER_PAGE = 100;

/**
 * /admin/text-editor: every text of the message catalogue in one language, by screen, with that
 * language's defaults and the admin's overrides of them (decision 047); in Roman Urdu, the texts
 * of WhatsApp messages and SMS only (decision 082). It opens on the language the admin reads the
 * site in.
 */
export function AdminTextEditorPage() {
  const { t } = useTranslation('admin');
  useDocumentTitle(t('admin:texts.title'));
  const flash = useFlash();
  const shownLanguage = useLanguage();
  const [language, setLanguage] = useState<MessageLanguage>(shownLanguage);
  const [search, setSearch] = useState('');
  const [namespace, setNamespace] = useState('');
  const debounced = useDebouncedValue(search.trim());
  const texts = useAdminTexts(language, debounced, namespace);
  const entries = texts.data?.entries ?? [];
  // The language of the entries shown (the answer's own), which the boxes save into.
  const listLanguage = texts.data?.language ?? language;
  const namespaces = texts.data?.namespaces ?? [];
  // A new language, search or screen starts again at the first page of texts.
  const listKey = `${language}\n${debounced}\n${namespace}`;
  const [shown, setShown] = useState({ listKey, count: TEXTS_PER_PAGE });
  if (shown.listKey !== listKey) setShown({ listKey, count: TEXTS_PER_PAGE });
  const visible = entries.slice(0, shown.count);
  const hidden = entries.length - visible.length;
  return (
    <>
      <PageHeader title={t('admin:texts.title')} description={t('admin:texts.description')} />
      {flash.element}
      <Card title={t('admin:texts.card')} description={t('admin:texts.cardText')} flush>
        <div className="grid gap-4 px-4 pb-4 sm:grid-cols-3 sm:px-6 lg:max-w-5xl">
          <FormField label={t('admin:texts.language')} hint={t('admin:texts.languageHint')}>
            <Select
              value={language}
              onChange={(event) => {
                if (isMessageLanguage(event.target.value)) setLanguage(event.target.value);
              }}
            >
              {MESSAGE_LANGUAGES.map((code) => (
                <option key={code} value={code} lang={code}>
                  {code === ROMAN_URDU
                    ? t('admin:texts.romanUrduOption', { language: MESSAGE_LANGUAGE_NAMES[code] })
                    : MESSAGE_LANGUAGE_NAMES[code]}
                </option>
              ))}
            </Select>
          </FormField>
          <FormField label={t('admin:texts.search')}>
            <Input
              type="search"
              placeholder={t('admin:texts.searchPlaceholder')}
              value={search}
              onChange={(event) => setSearch(event.target.value)}
            />
          </FormField>
          <FormField label={t('admin:texts.screen')}>
            <Select value={namespace} onChange={(event) => setNamespace(event.target.value)}>
              <option value="">{t('admin:texts.allScreens')}</option>
              {namespaces.map((option) => (
                <option key={option.id} value={option.id}>
                  {t('admin:texts.option', { label: option.label, count: option.count })}
                </option>
              ))}
            </Select>
          </FormField>
        </div>
        {/* Roman Urdu is no interface language: the admin must see that it reaches phones only. */}
        {language === ROMAN_URDU ? (
          <div className="px-4 pb-4 sm:px-6 lg:max-w-5xl">
            <Banner tone="info" title={t('admin:texts.romanUrduTitle')}>
              {t('admin:texts.romanUrduText')}
            </Banner>
          </div>
        ) : null}
        {texts.isPending ? (
          <div className="flex justify-center p-8 text-brand-700">
            <Spinner label={t('admin:texts.loading')} />
          </div>
        ) : texts.isError ? (
          <p role="alert" className="px-4 pb-4 text-sm text-red-700 sm:px-6">
            {t('admin:texts.error')}
          </p>
        ) : entries.length === 0 ? (
          <div className="px-4 pb-4 sm:px-6">
            <EmptyState icon={<SearchX />} title={t('admin:texts.noneTitle')} text={t('admin:texts.noneText')} />
          </div>
        ) : (
          groupsOf(visible).map((group) => (
            <section
              key={group.namespace}
              aria-labelledby={`texts-${group.namespace}`}
              className="border-t border-stone-200"
            >
              <h2
                id={`texts-${group.namespace}`}
                className="bg-stone-50 px-4 py-2 text-sm font-semibold text-stone-700 sm:px-6"
              >
                {group.area}{' '}
                <span className="font-normal text-stone-500">
                  {t('admin:texts.groupCount', { count: group.entries.length })}
                </span>
              </h2>
              <ul className="divide-y divide-stone-200 border-t border-stone-200">
                {group.entries.map((entry) => (
                  <TextEntryEditor
                    key={`${listLanguage}:${entry.key}`}
                    entry={entry}
                    language={listLanguage}
                    onResult={flash.show}
                  />
                ))}
              </ul>
            </section>
          ))
        )}
        {hidden > 0 && !texts.isPending && !texts.isError ? (
          <div className="flex justify-center border-t border-stone-200 p-4">
            <Button variant="outline" onClick={() => setShown({ listKey, count: shown.count + TEXTS_PER_PAGE })}>
              {t('admin:texts.showMore', { count: Math.min(hidden, TEXTS_PER_PAGE), left: hidden })}
            </Button>
          </div>
        ) : null}
      </Card>
    </>
  );
}
