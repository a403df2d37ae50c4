// Form glue for the staff area (react-hook-form + the shared zod schemas). Staff chunks
// only: the public pages never load the form library or zod.
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type FieldValues, type Path, type UseFormProps, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { MESSAGES } from '@shared/messages.js';
import { ApiError, errorText } from '../api/client.js';

/** Where applyServerErrors puts the failure's message: `formState.errors.root?.server`. */
export const SERVER_ERROR = 'root.server' as const;

/**
 * Puts a failed save onto the form: each field error of an ApiError (keyed by dotted
 * path, e.g. `ticketPrices.VIP`, `sliderContent.slide1.title`, `ticketTypes.0`) on its
 * field, the first one focused, and the failure's text (errorText) as the root error
 * SERVER_ERROR. Returns the paths that got an error.
 */
export function applyServerErrors<T extends FieldValues>(
  form: Pick<UseFormReturn<T>, 'setError'>,
  error: unknown,
  fallback: string = MESSAGES.internal,
): string[] {
  const fields = error instanceof ApiError && error.fieldErrors ? Object.entries(error.fieldErrors) : [];
  fields.forEach(([path, message], i) => {
    form.setError(path as Path<T>, { type: 'server', message }, { shouldFocus: i === 0 });
  });
  form.setError(SERVER_ERROR, { type: 'server', message: errorText(error, fallback) });
  return fields.map(([path]) => path);
}

/** The server's message of a form, set by applyServerErrors (undefined when none). */
export function serverError<T extends FieldValues>(form: Pick<UseFormReturn<T>, 'formState'>): string | undefined {
  return form.formState.errors.root?.server?.message;
}

/**
 * useForm validated by a shared zod schema: values typed as the schema's input,
 * handleSubmit receives its parsed output.
 */
export function useZodForm<S extends z.ZodType<unknown, FieldValues>>(schema: S, options?: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver'>) {
  return useForm<z.input<S>, unknown, z.output<S>>({ mode: 'onTouched', ...options, resolver: zodResolver(schema) });
}
