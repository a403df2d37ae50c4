// Form glue for the staff area (react-hook-form + the shared zod schemas). Staff chunks
// only: the public pages never load the form library or zod.
import { toNestErrors } from '@hookform/resolvers';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type FieldError, type FieldValues, type Path, type Resolver, type UseFormProps, type UseFormReturn } from 'react-hook-form';
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
  /** Where a path of the request lands in the form, when the form's shape differs from the request's (see FormMapping). */
  fieldPath: (path: string) => string = (path) => path,
): string[] {
  const fields = (error instanceof ApiError && error.fieldErrors ? Object.entries(error.fieldErrors) : []).map(([path, message]) => [fieldPath(path), message] as const);
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

/**
 * A form whose values are shaped for people (e.g. a list of ticket rows) while the shared
 * schema validates the request (a list of names and a price map): `toInput` builds the
 * request from the values, `fieldPath` says where a request path's error shows in the form.
 */
export interface FormMapping<V> {
  toInput: (values: V) => unknown;
  fieldPath: (path: string, values: V) => string;
}

/** A resolver validating `mapping.toInput(values)` with the shared schema; errors land on the form's own fields. */
export function mappedZodResolver<S extends z.ZodType, V extends FieldValues>(schema: S, mapping: FormMapping<V>): Resolver<V, unknown, z.output<S>> {
  return async (values, _context, options) => {
    const result = await schema.safeParseAsync(mapping.toInput(values));
    if (result.success) return { values: result.data, errors: {} };
    const flat: Record<string, FieldError> = {};
    for (const issue of result.error.issues) {
      const path = mapping.fieldPath(issue.path.map(String).join('.'), values);
      flat[path] ??= { type: issue.code, message: issue.message };
    }
    return { values: {}, errors: toNestErrors<V>(flat, options) };
  };
}

/** useForm over values of the form's own shape, validated by a shared schema through `mapping`. */
export function useMappedZodForm<S extends z.ZodType, V extends FieldValues>(schema: S, mapping: FormMapping<V>, options?: Omit<UseFormProps<V, unknown, z.output<S>>, 'resolver'>) {
  return useForm<V, unknown, z.output<S>>({ mode: 'onTouched', ...options, resolver: mappedZodResolver(schema, mapping) });
}
