export type Block = { kind: 'heading' | 'paragraph'; text: string };

/**
 * The Terms of Service body as blocks: a line starting with "## " is a heading, other lines are
 * paragraphs (blank lines are skipped). Everything is rendered as text, so an admin's override can
 * never inject markup.
 */
export function termsBlocks(body: string): Block[] {
  return body
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) =>
      line.startsWith('## ') ? { kind: 'heading', text: line.slice(3).trim() } : { kind: 'paragraph', text: line },
    );
}
