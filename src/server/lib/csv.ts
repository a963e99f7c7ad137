export type CsvValue = string | number | boolean | null | undefined;

/**
 * One RFC 4180 field: quoted when it holds a comma, quote or line break, quotes doubled. Text
 * that a spreadsheet would run as a formula (=, +, -, @, tab, CR at the start) gets a leading
 * apostrophe, so a customer named "=HYPERLINK(...)" stays text.
 */
export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Rows joined with CRLF; a byte-order mark first so Excel reads Urdu names as UTF-8. */
export function toCsv(rows: CsvValue[][]): string {
  return `\uFEFF${rows.map((row) => row.map(csvField).join(',')).join('\r\n')}\r\n`;
}
