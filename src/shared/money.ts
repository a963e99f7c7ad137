const pkrFormatter = new Intl.NumberFormat('en-PK', {
  style: 'currency',
  currency: 'PKR',
  maximumFractionDigits: 0,
});

/** PKR amounts are whole rupees everywhere in Chaska. */
export function formatPKR(amount: number): string {
  return pkrFormatter.format(amount);
}

const longDateFormatter = new Intl.DateTimeFormat('en-PK', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  timeZone: 'Asia/Karachi',
});

/** en-PK, long month format (SPEC.md: billing dates). */
export function formatLongDate(value: Date | string | null | undefined): string {
  if (!value) return 'N/A';
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return 'N/A';
  return longDateFormatter.format(date);
}
