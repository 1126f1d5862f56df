'use client';

import * as React from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { Input } from '@/components/ui/input';
import { FormField } from '@/components/forms/form-field';
import { PasswordInput } from '@/components/forms/password-input';

type InputProps = Omit<React.ComponentProps<'input'>, 'name' | 'form' | 'id'>;

interface FormInputProps<T extends FieldValues> extends InputProps {
  /** The react-hook-form form the input registers with; its field error is shown under it. */
  form: UseFormReturn<T>;
  /** Field name, also the input's id (the label and the note point at it). */
  name: Path<T>;
  label: string;
  hint?: string;
}

/** Labelled text input bound to a react-hook-form field: error or hint below, ARIA wired. */
export function FormInput<T extends FieldValues>({ form, name, label, hint, type, ...input }: FormInputProps<T>) {
  const error = form.getFieldState(name, form.formState).error?.message;
  const control = {
    id: name,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error || hint ? `${name}-note` : undefined,
    ...input,
    ...form.register(name),
  };
  return (
    <FormField id={name} label={label} error={error} hint={hint}>
      {type === 'password' ? <PasswordInput {...control} /> : <Input type={type} {...control} />}
    </FormField>
  );
}
