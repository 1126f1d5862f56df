/** Date-and-time as the admin screens show it (en-IN, e.g. '23 Nov 2026, 9:40 am'); unparseable text is shown as is. */
const dateTime = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short' });

export function formatWhen(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : dateTime.format(d);
}
