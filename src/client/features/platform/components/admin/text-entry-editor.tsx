import { useId, useState } from 'react';
import type { AdminTextEntry } from '@shared/platform/admin-texts';
import { LANGUAGE_DIRECTION } from '@shared/i18n/languages';
import { interfaceLanguageOf, type MessageLanguage } from '@shared/i18n/roman-urdu';
import { overrideLengthLimit, overrideProblem } from '@shared/i18n/text-limits';
import { formatLongDate } from '@shared/pakistan-time';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { FormField, Textarea } from '@client/components/ui/form-field';
import { ApiError } from '@client/lib/api-client';
import { useChangeText } from '@client/features/platform/api/save-text';
import { useTranslation } from '@client/lib/translation';
import '@client/lib/admin-texts';

/** Rows for a text of this length: a line for a label, a tall box for the Terms of Service. */
function rowsFor(text: string): number {
  return Math.min(20, Math.max(2, Math.ceil(text.length / 90) + (text.match(/\n/g)?.length ?? 0)));
}

/** A placeholder as the text writes it: {{name}}. */
function placeholderOf(name: string): string {
  return `{{${name}}}`;
}

/** One catalogue text in one language: that language's default, and the admin's override with Save and Reset. */
export function TextEntryEditor({
  entry,
  language,
  onResult,
}: {
  entry: AdminTextEntry;
  language: MessageLanguage;
  onResult: (tone: 'success' | 'error', text: string) => void;
}) {
  const { t } = useTranslation('admin');
  const change = useChangeText();
  const defaultId = useId();
  const saved = entry.value ?? entry.fallback;
  const [value, setValue] = useState(saved);
  // The editor stays mounted across a save (its outcome message is reported after the list has
  // refetched), so the box follows the saved text when it changes.
  const [shownSaved, setShownSaved] = useState(saved);
  if (saved !== shownSaved) {
    setShownSaved(saved);
    setValue(saved);
  }
  const [error, setError] = useState<string | undefined>();
  const dirty = value.trim() !== saved;
  const direction = LANGUAGE_DIRECTION[interfaceLanguageOf(language)];
  const onError = (failure: Error) =>
    setError(failure instanceof ApiError ? (failure.fields?.value ?? failure.message) : t('admin:entry.saveFailed'));
  const save = () => {
    const text = value.trim();
    // The same rule the server applies, checked first so the admin sees it without a round trip.
    const problem = overrideProblem(entry.fallback, text);
    if (problem) {
      setError(problem);
      return;
    }
    change.mutate(
      { action: 'save', language, key: entry.key, value: text },
      { onSuccess: () => onResult('success', t('admin:entry.saved', { key: entry.key })), onError },
    );
  };

  return (
    <li className="px-4 py-4 sm:px-6">
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="font-mono text-sm font-semibold break-all text-stone-900">{entry.key}</h3>
        {entry.value !== null ? <Badge tone="orange">{t('admin:entry.overridden')}</Badge> : null}
        {entry.phone ? <Badge tone="blue">{t('admin:entry.phone')}</Badge> : null}
        {entry.placeholders.map((name) => (
          <Badge key={name}>{placeholderOf(name)}</Badge>
        ))}
      </div>
      <p id={defaultId} className="mt-1 text-xs whitespace-pre-line text-stone-600">
        <span className="font-semibold">{t('admin:entry.default')}</span>{' '}
        <span lang={language} dir={direction}>
          {entry.fallback.length > 300 ? `${entry.fallback.slice(0, 300)}…` : entry.fallback}
        </span>
      </p>
      <FormField
        label={t('admin:entry.textOf', { key: entry.key })}
        className="mt-3"
        error={error}
        hint={
          entry.value !== null && entry.updatedBy
            ? t('admin:entry.changedBy', { by: entry.updatedBy, date: formatLongDate(entry.updatedAt) })
            : entry.value === null
              ? t('admin:entry.showingDefault')
              : undefined
        }
      >
        <Textarea
          rows={rowsFor(entry.fallback)}
          maxLength={overrideLengthLimit(entry.fallback)}
          aria-describedby={defaultId}
          lang={language}
          dir={direction}
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
          onClick={save}
        >
          {t('admin:entry.save')}
        </Button>
        {entry.value !== null ? (
          <Button
            variant="outline"
            size="sm"
            busy={change.isPending && change.variables?.action === 'reset'}
            onClick={() =>
              change.mutate(
                { action: 'reset', language, key: entry.key },
                {
                  onSuccess: () => {
                    onResult('success', t('admin:entry.resetDone', { key: entry.key }));
                  },
                  onError,
                },
              )
            }
          >
            {t('admin:entry.reset')}
          </Button>
        ) : null}
      </div>
    </li>
  );
}
