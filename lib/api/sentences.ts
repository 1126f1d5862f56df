/**
 * Field rules are written as predicates ("must be at least 8 characters"); people read sentences.
 * Shared by the API's error details and the forms in the browser, so both say the same thing.
 */
export function asSentence(text: string): string {
  const trimmed = text.trim();
  const capital = trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
}

/** "Password" + "must be at least 8 characters" → "Password must be at least 8 characters." */
export function fieldSentence(label: string, message: string): string {
  return asSentence(`${label} ${message}`);
}
