import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { hasFieldErrors, showFieldErrors, showSaveFailure } from './form-errors';

interface Form {
  name: string;
  city: string;
}

function recorder() {
  const shown: Array<[string, string | undefined]> = [];
  const setError = (field: string, error: { message?: string }) => void shown.push([field, error.message]);
  return { shown, setError };
}

const refusal = new ApiError({
  status: 400,
  code: 'validation_failed',
  message: 'Please check the form.',
  fields: { 'card.name': 'Give the card a name.', city: 'Choose a city.' },
});

describe('form errors from a refused request', () => {
  it('tells a refusal that names fields from one that does not', () => {
    expect(hasFieldErrors(refusal)).toBe(true);
    expect(hasFieldErrors(new ApiError({ status: 409, code: 'user_exists', message: 'Taken.' }))).toBe(false);
    expect(hasFieldErrors(new Error('offline'))).toBe(false);
  });

  it("puts each message on the form's field, mapped from the server's name, skipping unknown ones", () => {
    const { shown, setError } = recorder();
    showFieldErrors<Form>(setError, refusal, (path) =>
      path === 'card.name' ? 'name' : path === 'city' ? 'city' : undefined,
    );
    expect(shown).toEqual([
      ['name', 'Give the card a name.'],
      ['city', 'Choose a city.'],
    ]);
  });

  it('shows nothing on the fields for an error that is not a refusal', () => {
    const { shown, setError } = recorder();
    showFieldErrors<Form>(setError, new Error('offline'));
    expect(shown).toEqual([]);
  });

  it("a failed save also shows the refusal's message, or the fallback when there was no answer", () => {
    const refused = recorder();
    showSaveFailure<Form>(refused.setError, refusal, 'Could not save.');
    expect(refused.shown).toContainEqual(['city', 'Choose a city.']);
    expect(refused.shown.at(-1)).toEqual(['root', 'Please check the form.']);

    const unanswered = recorder();
    showSaveFailure<Form>(unanswered.setError, new TypeError('Failed to fetch'), 'Could not save.');
    expect(unanswered.shown).toEqual([['root', 'Could not save.']]);
  });
});
