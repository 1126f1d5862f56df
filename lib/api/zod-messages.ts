import { z } from 'zod';

/**
 * Plain predicates for the rules a schema states without its own message ("is required", "must be at
 * most 100 characters"), so that zod's own texts ("Invalid input: expected string, received undefined")
 * never reach a person. Installed once for the process (zod's global error map); the error mapper and
 * the forms' resolver turn a predicate into a sentence with the field's name.
 */
type RawIssue = z.core.$ZodRawIssue;

const TYPE_NAMES: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  bigint: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
  date: 'a date',
};

function quantity(n: number | bigint, unit: string): string {
  return `${n} ${unit}${Number(n) === 1 ? '' : 's'}`;
}

function sizeRule(issue: RawIssue & { origin?: string; inclusive?: boolean }, bound: number | bigint, most: boolean): string {
  const word = most ? (issue.inclusive === false ? 'less than' : 'at most') : issue.inclusive === false ? 'more than' : 'at least';
  switch (issue.origin) {
    case 'string':
      return !most && Number(bound) === 1 && issue.inclusive !== false ? 'is required' : `must be ${word} ${quantity(bound, 'character')}`;
    case 'array':
    case 'set':
      return `must have ${word} ${quantity(bound, 'item')}`;
    case 'file':
      return `must be ${word} ${bound} bytes`;
    default:
      return `must be ${word} ${bound}`;
  }
}

function listValues(values: readonly unknown[]): string {
  const shown = values.map((v) => (typeof v === 'string' ? v : JSON.stringify(v)));
  return shown.length === 1 ? shown[0] : `one of ${shown.join(', ')}`;
}

/** The predicate (or, without a field to name, the sentence) for an issue that brought no message of its own. */
export function plainRule(issue: RawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return 'is required';
      return `must be ${TYPE_NAMES[issue.expected] ?? 'of another kind'}`;
    case 'too_small':
      return sizeRule(issue, issue.minimum, false);
    case 'too_big':
      return sizeRule(issue, issue.maximum, true);
    case 'invalid_format':
      if (issue.format === 'email') return 'must be a valid e-mail address';
      if (issue.format === 'url') return 'must be a web address';
      return 'is not in the right form';
    case 'not_multiple_of':
      return `must be a multiple of ${issue.divisor}`;
    case 'invalid_value':
      return `must be ${listValues(issue.values)}`;
    case 'unrecognized_keys':
      return `The field${issue.keys.length === 1 ? '' : 's'} ${issue.keys.join(', ')} ${issue.keys.length === 1 ? 'is' : 'are'} not expected.`;
    default:
      return 'is not valid';
  }
}

const INSTALLED = Symbol.for('vsg.zodPlainRules');

/** Makes plainRule zod's error map for this process (idempotent). Messages a schema gives itself still win. */
export function installPlainRules(): void {
  const g = globalThis as { [INSTALLED]?: boolean };
  if (g[INSTALLED]) return;
  g[INSTALLED] = true;
  z.config({ customError: plainRule });
}

installPlainRules();
