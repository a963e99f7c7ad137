import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client';

/** A refusal that names the fields at fault: their messages show on the fields, not in a banner. */
export function hasFieldErrors(error: unknown): error is ApiError & { fields: Record<string, string> } {
  return error instanceof ApiError && error.fields !== undefined;
}

/**
 * Shows a refused request's per-field messages on the form's fields. The server names a field as
 * the request body does; `fieldOf` turns that into the form's field, or undefined for one the
 * form does not show.
 */
export function showFieldErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  error: unknown,
  fieldOf: (serverPath: string) => FieldPath<T> | undefined = (serverPath) => serverPath as FieldPath<T>,
): void {
  if (!hasFieldErrors(error)) return;
  for (const [serverPath, message] of Object.entries(error.fields)) {
    const field = fieldOf(serverPath);
    if (field !== undefined) setError(field, { message });
  }
}

/**
 * A dialog form's failed save: the field messages on their fields, and the refusal's own message
 * (or `fallback` when the request never got an answer) above the buttons.
 */
export function showSaveFailure<T extends FieldValues>(setError: UseFormSetError<T>, error: unknown, fallback: string) {
  showFieldErrors(setError, error);
  setError('root', { message: error instanceof ApiError ? error.message : fallback });
}
