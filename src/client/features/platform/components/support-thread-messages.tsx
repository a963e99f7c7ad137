import { clsx } from 'clsx';
import type { Language } from '@shared/i18n/languages';
import { formatLongDateTime } from '@shared/pakistan-time';
import type { SupportAuthor } from '@shared/platform/support';
import type { SupportMessage } from '@shared/platform/support-inbox';

/**
 * A conversation's messages, oldest first: who wrote (the screen names them), when, and the text
 * as written, its direction taken from the text itself (an Urdu question on an English page).
 */
export function SupportThreadMessages({
  label,
  messages,
  language,
  authorOf,
}: {
  label: string;
  messages: readonly SupportMessage[];
  /** The conversation's language, which its messages are mostly written in. */
  language: Language;
  authorOf: (author: SupportAuthor) => string;
}) {
  return (
    <ol aria-label={label} className="flex flex-col gap-3">
      {messages.map((message) => (
        <li
          key={message.id}
          className={clsx(
            'rounded-xl border p-4 shadow-sm',
            message.author === 'admin' ? 'border-brand-200 bg-brand-50 sm:ms-8' : 'border-stone-200 bg-white sm:me-8',
          )}
        >
          <p className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
            <span className="font-semibold text-stone-900">{authorOf(message.author)}</span>
            <time dateTime={message.createdAt} className="text-stone-600">
              {formatLongDateTime(message.createdAt)}
            </time>
          </p>
          <p lang={language} dir="auto" className="mt-2 text-sm break-words whitespace-pre-wrap text-stone-800">
            {message.body}
          </p>
        </li>
      ))}
    </ol>
  );
}
