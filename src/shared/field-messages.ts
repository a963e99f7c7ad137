import auth from './i18n/en/auth';
import forms from './i18n/en/forms';

export type TextValues = Record<string, string | number>;

/** Reads a full catalogue key with the admin's overrides; it answers the key itself when it has no text. */
export type FieldTranslator = (key: string, values?: TextValues) => string;

const english: Record<string, Record<string, string>> = { auth, forms };

function englishText(key: string): string {
  const colon = key.indexOf(':');
  return english[key.slice(0, colon)]?.[key.slice(colon + 1)] ?? key;
}

let translator: FieldTranslator | undefined;

/**
 * Where the shared zod schemas get their field messages: the server's translator (set by
 * `server/lib/texts.ts`) or the browser's (set when a form registers the `forms` namespace).
 * Without one, and for a key the translator does not know yet, the catalogue's English.
 */
export function setFieldTranslator(next: FieldTranslator): void {
  translator = next;
}

function withValues(text: string, values: TextValues | undefined): string {
  if (!values) return text;
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** The text of a field message, read when the refusal happens, so an override made since applies. */
export function fieldText(key: string, values?: TextValues): string {
  const text = translator?.(key, values);
  return text && text !== key ? text : withValues(englishText(key), values);
}

/**
 * A name the catalogue holds (a plan's, a card type's) in the reader's language, or `english`
 * where the browser has not loaded that name's namespace.
 */
export function nameText(key: string, english: string): string {
  const text = translator?.(key);
  return text && text !== key ? text : english;
}

/**
 * A zod message that is a catalogue text (decision 032): `z.string().min(1, fieldMessage('forms:name.missing'))`.
 * The key is the text's one home; both sides read it when the schema refuses a value.
 */
export function fieldMessage(key: string): { error: () => string } {
  return { error: () => fieldText(key) };
}
