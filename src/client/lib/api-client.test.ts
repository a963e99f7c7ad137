import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { z } from 'zod';
import type { ApiRoute } from '@shared/api-route';
import { addressOf, ApiError, callApi } from './api-client';

const bodySchema = z.object({ name: z.string() });
const querySchema = z.object({ page: z.coerce.number().default(1), search: z.string().optional() });
const answerSchema = z.object({ id: z.string(), count: z.number() });

const rename: ApiRoute<'PUT', '/api/things/:id', { body: typeof bodySchema; response: typeof answerSchema }, 200> = {
  method: 'PUT',
  path: '/api/things/:id',
};
const list: ApiRoute<'GET', '/api/things', { query: typeof querySchema; response: typeof answerSchema }, 200> = {
  method: 'GET',
  path: '/api/things',
};
const things = { rename, list };

function answering(status: number, body: unknown) {
  const fetchMock = vi.fn(
    async (_address: string, _init?: RequestInit) => new Response(JSON.stringify(body), { status }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('callApi', () => {
  it('sends the route’s method to its filled address with the JSON body, and answers what the server sent', async () => {
    const fetchMock = answering(200, { id: 'a/b', count: 2 });
    const answer = await callApi(things.rename, { params: { id: 'a/b' }, body: bodySchema.parse({ name: 'Tea' }) });
    expectTypeOf(answer).toEqualTypeOf<{ id: string; count: number }>();
    expect(answerSchema.parse(answer)).toEqual({ id: 'a/b', count: 2 });
    // At runtime a route is its method, path and status: no schema travels to the browser.
    expect(things.rename).toEqual({ method: 'PUT', path: '/api/things/:id' });
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/things/a%2Fb',
      expect.objectContaining({ method: 'PUT', body: JSON.stringify({ name: 'Tea' }), credentials: 'same-origin' }),
    );
  });

  it('appends the set query values only', async () => {
    const fetchMock = answering(200, { id: 'x', count: 0 });
    await callApi(things.list, { query: querySchema.parse({ page: '2', search: '' }) });
    await callApi(things.list);
    expect(fetchMock.mock.calls.map((call) => String(call[0]))).toEqual(['/api/things?page=2', '/api/things']);
  });

  it('throws the server’s error as an ApiError', async () => {
    answering(409, { error: { code: 'taken', message: 'That name is taken.' } });
    const failure = callApi(things.rename, { params: { id: '1' }, body: { name: 'Tea' } });
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ status: 409, code: 'taken', message: 'That name is taken.' });
  });

  it('shows a person the sentence of a validation answer, not its summary naming the field', async () => {
    answering(400, {
      error: {
        code: 'validation_failed',
        message: 'code: This is not a referral code.',
        fields: { code: 'This is not a referral code.' },
      },
    });
    await expect(callApi(things.rename, { params: { id: '1' }, body: { name: 'Tea' } })).rejects.toMatchObject({
      message: 'This is not a referral code.',
      fields: { code: 'This is not a referral code.' },
    });
    // A message of its own, beside the fields, is kept as the server wrote it.
    answering(400, {
      error: {
        code: 'invalid_fields',
        message: 'Your current password is not correct.',
        fields: { currentPassword: 'Check it.' },
      },
    });
    await expect(callApi(things.rename, { params: { id: '1' }, body: { name: 'Tea' } })).rejects.toMatchObject({
      message: 'Your current password is not correct.',
    });
  });

  it('types what a call must pass from the contract', () => {
    // Never called: checked by the typecheck only.
    const typeChecks = () => {
      // @ts-expect-error the path parameter is missing
      void callApi(things.rename, { body: { name: 'Tea' } });
      // @ts-expect-error the body does not match the schema
      void callApi(things.rename, { params: { id: '1' }, body: { title: 'Tea' } });
      // @ts-expect-error the answer has no such field
      void callApi(things.list).then((answer) => answer.name);
    };
    expect(typeChecks).toBeTypeOf('function');
  });
});
describe('addressOf', () => {
  it('fills path parameters encoded and appends only the set query values', () => {
    expect(addressOf('/api/things/:id/parts/:partId', { id: 'a b', partId: '7' }, undefined)).toBe(
      '/api/things/a%20b/parts/7',
    );
    expect(addressOf('/api/things', undefined, { page: 2, search: '', status: undefined, city: null, ok: false })).toBe(
      '/api/things?page=2&ok=false',
    );
  });
});
