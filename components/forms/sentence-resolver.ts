import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { ZodType } from 'zod';
import { fieldSentence } from '@/lib/api/sentences';
import '@/lib/api/zod-messages';

/**
 * A react-hook-form resolver for the SHARED field rules (lib/auth/validation.ts, the ones the server
 * applies): each field's predicate becomes a sentence with the field's label, e.g. "Password must be at
 * least 8 characters.", so the form refuses exactly what the server would, in the same words.
 */
export function sentenceResolver<T extends FieldValues>(schema: ZodType<T, T>, labels: Partial<Record<keyof T & string, string>>): Resolver<T> {
  const base = zodResolver(schema) as unknown as Resolver<T>;
  return async (values, context, options) => {
    const result = await base(values, context, options);
    for (const [name, error] of Object.entries(result.errors)) {
      const label = labels[name as keyof T & string];
      if (label && error && typeof error.message === 'string') error.message = fieldSentence(label, error.message);
    }
    return result;
  };
}
