import Fastify from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type FastifyPluginAsyncZod,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ApiRoute } from '@shared/api-route';
import { serve, type ZodApp } from './serve-route';

const bodySchema = z.object({ name: z.string().min(1) });
const querySchema = z.object({ page: z.coerce.number().int().default(1) });
const answerSchema = z.object({ id: z.string(), name: z.string() });

const create: ApiRoute<'POST', '/api/things', { body: typeof bodySchema; response: typeof answerSchema }, 201> = {
  method: 'POST',
  path: '/api/things',
};
const list: ApiRoute<'GET', '/api/things', { query: typeof querySchema; response: typeof answerSchema }, 200> = {
  method: 'GET',
  path: '/api/things',
};
const get: ApiRoute<'GET', '/api/things/:id', { response: typeof answerSchema }, 200> = {
  method: 'GET',
  path: '/api/things/:id',
};
const example = { create, list, get };

async function appWith(plugin: FastifyPluginAsyncZod) {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(plugin, { prefix: '/api' });
  await app.ready();
  return app;
}

describe('serve', () => {
  it('registers the contract route under its method and path, validating and shaping with its schemas', async () => {
    const app = await appWith(async (scope) => {
      serve(
        scope,
        example.create,
        { schema: { body: bodySchema, response: { 201: answerSchema } } },
        async (request, reply) => {
          // The extra column never reaches the answer: the response schema shapes it.
          const row = { id: 'a', name: request.body.name, secret: 'x' };
          return reply.status(201).send(row);
        },
      );
      serve(
        scope,
        example.get,
        { schema: { params: z.object({ id: z.string() }), response: { 200: answerSchema } } },
        async (request) => ({ id: request.params.id, name: 'thing' }),
      );
    });
    const created = await app.inject({ method: 'POST', url: '/api/things', payload: { name: 'Tea' } });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({ id: 'a', name: 'Tea' });
    const refused = await app.inject({ method: 'POST', url: '/api/things', payload: { name: '' } });
    expect(refused.statusCode).toBe(400);
    const read = await app.inject({ method: 'GET', url: '/api/things/b%2Fc' });
    expect(read.json()).toEqual({ id: 'b/c', name: 'thing' });
    await app.close();
  });

  it('refuses a contract route outside the plugin prefix', async () => {
    const outside: ApiRoute<'GET', '/elsewhere', { response: typeof answerSchema }, 200> = {
      method: 'GET',
      path: '/elsewhere',
    };
    await expect(
      appWith(async (scope) => {
        serve(scope, outside, { schema: { response: { 200: answerSchema } } }, async () => ({ id: '1', name: 'x' }));
      }),
    ).rejects.toThrow('cannot be served by a plugin under the prefix /api');
  });

  it('refuses, at typecheck, schemas other than the contract names', () => {
    // Never called: these lines are checked by the typecheck only (one line each, for @ts-expect-error).
    // prettier-ignore
    const typeChecks = (app: ZodApp) => {
      // @ts-expect-error the response schema is not the contract's
      serve(app, example.get, { schema: { params: z.object({ id: z.string() }), response: { 200: bodySchema } } }, async () => ({ name: 'x' }));
      // @ts-expect-error the body is missing
      serve(app, example.create, { schema: { response: { 201: answerSchema } } }, async () => ({ id: '1', name: 'x' }));
      // @ts-expect-error a body schema of the same fields and one more is still another schema
      serve(app, example.create, { schema: { body: bodySchema.extend({ extra: z.string() }), response: { 201: answerSchema } } }, async () => ({ id: '1', name: 'x' }));
      // @ts-expect-error the contract's status is 201
      serve(app, example.create, { schema: { body: bodySchema, response: { 200: answerSchema } } }, async () => ({ id: '1', name: 'x' }));
      // @ts-expect-error the query schema is missing
      serve(app, example.list, { schema: { response: { 200: answerSchema } } }, async () => ({ id: '1', name: 'x' }));
      // @ts-expect-error the path has :id, the params schema names another parameter
      serve(app, example.get, { schema: { params: z.object({ thingId: z.string() }), response: { 200: answerSchema } } }, async () => ({ id: '1', name: 'x' }));
      // @ts-expect-error the path has :id and no params schema is declared
      serve(app, example.get, { schema: { response: { 200: answerSchema } } }, async () => ({ id: '1', name: 'x' }));
      // @ts-expect-error the handler answers something else than the response schema
      serve(app, example.list, { schema: { querystring: querySchema, response: { 200: answerSchema } } }, async () => ({ id: 1 }));
    };
    expect(typeChecks).toBeTypeOf('function');
  });
});
