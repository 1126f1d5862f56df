/** A task's status as the history shows it: upper case, underscores as spaces. */
export function statusLabel(status: string): string {
  return status.replace(/_/g, ' ').toUpperCase();
}

/** Its colour: complete green, error red, anything else amber. */
export function statusTone(status: string): 'complete' | 'error' | 'pending' {
  const s = status.toLowerCase();
  if (s === 'complete') return 'complete';
  if (s === 'error') return 'error';
  return 'pending';
}
