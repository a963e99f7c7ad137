import { useState } from 'react';
import { TEXT_VALUE_MAX } from '@shared/admin-text-keys';
import type { AdminTextEntry } from '@shared/admin-texts';
import { formatLongDate } from '@shared/pakistan-time';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { FormField, Textarea } from '@client/components/ui/form-field';
import { ApiError } from '@client/lib/api-client';
import { useChangeText } from '../api/save-text';

/** One UI text: its default, and the admin's override with Save and Reset. */
export function TextEntryEditor({ entry, onResult }: { entry: AdminTextEntry; onResult: (tone: 'success' | 'error', text: string) => void }) {
  const change = useChangeText();
  const [value, setValue] = useState(entry.value ?? entry.fallback);
  const [error, setError] = useState<string | undefined>();
  const dirty = value.trim() !== (entry.value ?? entry.fallback);
  const onError = (failure: Error) => setError(failure instanceof ApiError ? (failure.fields?.value ?? failure.message) : 'The text could not be saved.');

  return (
    <li className="px-4 py-4 sm:px-6">
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="text-sm font-semibold text-stone-900">{entry.label}</h3>
        <Badge>{entry.area}</Badge>
        {entry.value !== null ? <Badge tone="orange">Overridden</Badge> : null}
      </div>
      <p className="mt-0.5 font-mono text-xs text-stone-500">{entry.key}</p>
      <FormField
        label="Text"
        className="mt-3"
        error={error}
        hint={entry.value !== null ? `Default: ${entry.fallback}${entry.updatedBy ? ` · changed by ${entry.updatedBy} on ${formatLongDate(entry.updatedAt)}` : ''}` : 'Showing the default text.'}
      >
        <Textarea
          rows={3}
          maxLength={TEXT_VALUE_MAX}
          value={value}
          onChange={(event) => {
            setValue(event.target.value);
            setError(undefined);
          }}
        />
      </FormField>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button
          size="sm"
          disabled={!dirty}
          busy={change.isPending && change.variables?.action === 'save'}
          onClick={() =>
            change.mutate({ action: 'save', key: entry.key, value: value.trim() }, { onSuccess: () => onResult('success', `"${entry.label}" is saved.`), onError })
          }
        >
          Save
        </Button>
        {entry.value !== null ? (
          <Button
            variant="outline"
            size="sm"
            busy={change.isPending && change.variables?.action === 'reset'}
            onClick={() =>
              change.mutate(
                { action: 'reset', key: entry.key },
                {
                  onSuccess: () => {
                    setValue(entry.fallback);
                    onResult('success', `"${entry.label}" is back to its default.`);
                  },
                  onError,
                },
              )
            }
          >
            Reset to default
          </Button>
        ) : null}
      </div>
    </li>
  );
}
