import type { FieldValues, Resolver } from 'react-hook-form';

export interface LazyResolver<Values extends FieldValues> {
  resolver: Resolver<Values>;
  /** Starts fetching the validation code, e.g. when the person first reaches the form. */
  preload: () => void;
}

/**
 * A form resolver whose code (a zod schema, and zod with it) is fetched on first use, so a form
 * can be shown before its validation library has arrived. Validation waits for it if needed.
 */
export function lazyResolver<Values extends FieldValues>(load: () => Promise<Resolver<Values>>): LazyResolver<Values> {
  let loading: Promise<Resolver<Values>> | undefined;
  const get = () => {
    loading ??= load();
    // A failed fetch (offline) is tried again on the next validation.
    loading.catch(() => (loading = undefined));
    return loading;
  };
  return {
    resolver: async (values, context, options) => (await get())(values, context, options),
    preload: () => void get().catch(() => undefined),
  };
}
