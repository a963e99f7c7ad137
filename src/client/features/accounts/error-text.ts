import { ApiError } from '@client/lib/api-client';

/** The server's sentence for a failed call; a validation answer names its first field's problem. */
export function serverErrorText(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const firstField = error.fields ? Object.values(error.fields)[0] : undefined;
  return firstField ?? error.message;
}
