import { SearchX } from 'lucide-react';
import { useState } from 'react';
import { Card } from '@client/components/ui/card';
import { EmptyState } from '@client/components/ui/empty-state';
import { FormField, Input } from '@client/components/ui/form-field';
import { PageHeader } from '@client/components/ui/page-header';
import { Spinner } from '@client/components/ui/spinner';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { useAdminTexts } from '../api/list-texts';
import { TextEntryEditor } from './text-entry-editor';
import { useDebouncedValue } from './use-debounced-value';
import { useFlash } from './use-flash';

export function AdminTextEditorPage() {
  useDocumentTitle('Global Text Editor');
  const flash = useFlash();
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search.trim());
  const texts = useAdminTexts(debounced);
  const entries = texts.data?.entries ?? [];
  return (
    <>
      <PageHeader title="Global Text Editor" description="Edit any text on the platform." />
      {flash.element}
      <Card title="Texts" description="Changes show on the site at once for new visitors, and within minutes for open pages." flush>
        <div className="px-4 pb-4 sm:max-w-md sm:px-6">
          <FormField label="Search texts">
            <Input type="search" placeholder="Key, page or words" value={search} onChange={(event) => setSearch(event.target.value)} />
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
          <ul className="divide-y divide-stone-200 border-t border-stone-200">
            {entries.map((entry) => (
              <TextEntryEditor key={`${entry.key}:${entry.value ?? ''}`} entry={entry} onResult={flash.show} />
            ))}
          </ul>
        )}
      </Card>
    </>
  );
}
