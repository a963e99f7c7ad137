import { SearchX } from 'lucide-react';
import { useState } from 'react';
import type { AdminTextEntry } from '@shared/admin-texts';
import { Card } from '@client/components/ui/card';
import { EmptyState } from '@client/components/ui/empty-state';
import { FormField, Input, Select } from '@client/components/ui/form-field';
import { PageHeader } from '@client/components/ui/page-header';
import { Spinner } from '@client/components/ui/spinner';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { useAdminTexts } from '@client/features/texts/api/list-texts';
import { TextEntryEditor } from './text-entry-editor';
import { useDebouncedValue } from '@client/components/admin/use-debounced-value';
import { useFlash } from '@client/components/admin/use-flash';

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

/** /admin/text-editor: every text of the message catalogue, by screen, with the admin's overrides. */
export function AdminTextEditorPage() {
  useDocumentTitle('Global Text Editor');
  const flash = useFlash();
  const [search, setSearch] = useState('');
  const [namespace, setNamespace] = useState('');
  const debounced = useDebouncedValue(search.trim());
  const texts = useAdminTexts(debounced, namespace);
  const entries = texts.data?.entries ?? [];
  const namespaces = texts.data?.namespaces ?? [];
  return (
    <>
      <PageHeader title="Global Text Editor" description="Edit any text on the platform." />
      {flash.element}
      <Card
        title="Texts"
        description="Changes show on the site at once for new visitors, and within minutes for open pages."
        flush
      >
        <div className="grid gap-4 px-4 pb-4 sm:grid-cols-2 sm:px-6 lg:max-w-3xl">
          <FormField label="Search texts">
            <Input
              type="search"
              placeholder="Key, screen or words"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
            />
          </FormField>
          <FormField label="Screen">
            <Select value={namespace} onChange={(event) => setNamespace(event.target.value)}>
              <option value="">All screens</option>
              {namespaces.map((option) => (
                <option key={option.id} value={option.id}>
                  {option.label} ({option.count})
                </option>
              ))}
            </Select>
          </FormField>
        </div>
        {texts.isPending ? (
          <div className="flex justify-center p-8 text-brand-700">
            <Spinner label="Loading texts" />
          </div>
        ) : texts.isError ? (
          <p role="alert" className="px-4 pb-4 text-sm text-red-700 sm:px-6">
            The texts could not be loaded. Please reload the page.
          </p>
        ) : entries.length === 0 ? (
          <div className="px-4 pb-4 sm:px-6">
            <EmptyState icon={<SearchX />} title="No texts match" text="Try another word." />
          </div>
        ) : (
          groupsOf(entries).map((group) => (
            <section
              key={group.namespace}
              aria-labelledby={`texts-${group.namespace}`}
              className="border-t border-stone-200"
            >
              <h2
                id={`texts-${group.namespace}`}
                className="bg-stone-50 px-4 py-2 text-sm font-semibold text-stone-700 sm:px-6"
              >
                {group.area} <span className="font-normal text-stone-500">({group.entries.length})</span>
              </h2>
              <ul className="divide-y divide-stone-200 border-t border-stone-200">
                {group.entries.map((entry) => (
                  <TextEntryEditor key={entry.key} entry={entry} onResult={flash.show} />
                ))}
              </ul>
            </section>
          ))
        )}
      </Card>
    </>
  );
}
