import { Fragment, type ReactNode } from 'react';

const ACCENT = /<accent>(.*?)<\/accent>/gs;

/**
 * A catalogue text whose <accent>…</accent> parts are drawn by `accent`, the rest as plain text
 * (the landing headline), the one tag the first screen uses. Anything else in the text, an
 * unclosed tag included, is shown as written, as an admin's override typed it.
 */
export function AccentedText({ text, accent }: { text: string; accent: (part: string) => ReactNode }): ReactNode {
  const parts: ReactNode[] = [];
  let shown = 0;
  for (const match of text.matchAll(ACCENT)) {
    if (match.index > shown) parts.push(text.slice(shown, match.index));
    parts.push(<Fragment key={match.index}>{accent(match[1] ?? '')}</Fragment>);
    shown = match.index + match[0].length;
  }
  if (shown < text.length) parts.push(text.slice(shown));
  return parts;
}
