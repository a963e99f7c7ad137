const timeFormatter = new Intl.DateTimeFormat('en-PK', { hour: 'numeric', minute: '2-digit', timeZone: 'Asia/Karachi' });
const clockFormatter = new Intl.DateTimeFormat('en-PK', { hour: 'numeric', minute: '2-digit', second: '2-digit', timeZone: 'Asia/Karachi' });

/** "3:45 pm", Pakistan time, as the server words its own messages. */
export function formatTime(value: string | number | Date): string {
  return timeFormatter.format(new Date(value));
}

/** "3:45:07 pm": a ticking clock. */
export function formatClock(value: number | Date): string {
  return clockFormatter.format(value);
}
