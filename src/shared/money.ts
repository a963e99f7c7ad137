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

const longDateTimeFormatter = new Intl.DateTimeFormat('en-PK', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'Asia/Karachi',
});

function toDate(value: Date | string | null | undefined): Date | null {
  if (!value) return null;
  const date = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? null : date;
}

/** en-PK, long month format, Pakistan time (SPEC.md: billing dates): "24 November 2026". */
export function formatLongDate(value: Date | string | null | undefined): string {
  const date = toDate(value);
  return date ? longDateFormatter.format(date) : 'N/A';
}

const timeOfDayFormatter = new Intl.DateTimeFormat('en-PK', { hour: 'numeric', minute: '2-digit', timeZone: 'Asia/Karachi' });

/** "5:58 am", Pakistan time. */
export function formatTimeOfDay(value: Date | string): string {
  const date = toDate(value);
  return date ? timeOfDayFormatter.format(date) : '';
}

/** The same with the time of day, Pakistan time: "24 November 2026 at 5:58 am". */
export function formatLongDateTime(value: Date | string | null | undefined): string {
  const date = toDate(value);
  return date ? longDateTimeFormatter.format(date) : 'N/A';
}
