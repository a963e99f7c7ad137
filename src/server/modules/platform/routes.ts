import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  newSupportConversationSchema,
  supportConversationListSchema,
  supportConversationParamsSchema,
  supportMessageInputSchema,
  supportThreadSchema,
} from '@shared/platform/support-inbox';
import * as supportApi from '@shared/platform/support-contract';
import { currentTextLanguage } from '@server/lib/texts';
import { serve } from '@server/lib/serve-route';
import { requireViewer } from '@server/plugins/authentication';
import { MINUTE_MS } from '@server/plugins/write-budgets';
import {
  closeOwnConversation,
  listOwnConversations,
  readOwnConversation,
  startConversation,
  writeRequesterMessage,
} from './support-conversations';
import { supportLanguageOf, supportRequesterRole } from './support-rules';

/**
 * The support inbox as its requester sees it (/support): any signed-in person writes and reads
 * their own conversations. Besides each route's budget, a person has at most a few conversations
 * waiting for an answer and a few messages an hour (support-conversations.ts).
 */
export const supportRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.deps.database.db;

  serve(
    app,
    supportApi.supportConversations,
    { schema: { response: { 200: supportConversationListSchema } } },
    async (request) => {
      const viewer = await requireViewer(request);
      return { conversations: await listOwnConversations(db(), viewer.userId) };
    },
  );

  serve(
    app,
    supportApi.startSupportConversation,
    {
      config: { budget: { per: 'user', max: 5, windowMs: MINUTE_MS } },
      schema: { body: newSupportConversationSchema, response: { 201: supportThreadSchema } },
    },
    async (request, reply) => {
      const viewer = await requireViewer(request);
      const thread = await startConversation(
        db(),
        {
          userId: viewer.userId,
          role: supportRequesterRole(viewer),
          language: supportLanguageOf(viewer, currentTextLanguage()),
        },
        request.body,
        app.deps.clock.now(),
      );
      return reply.status(201).send(thread);
    },
  );

  serve(
    app,
    supportApi.supportConversation,
    { schema: { params: supportConversationParamsSchema, response: { 200: supportThreadSchema } } },
    async (request) => {
      const viewer = await requireViewer(request);
      return readOwnConversation(db(), viewer.userId, request.params.id);
    },
  );

  serve(
    app,
    supportApi.writeSupportMessage,
    {
      config: { budget: { per: 'user', max: 10, windowMs: MINUTE_MS } },
      schema: {
        params: supportConversationParamsSchema,
        body: supportMessageInputSchema,
        response: { 200: supportThreadSchema },
      },
    },
    async (request) => {
      const viewer = await requireViewer(request);
      return writeRequesterMessage(
        db(),
        { requesterId: viewer.userId, conversationId: request.params.id, message: request.body.message },
        app.deps.clock.now(),
      );
    },
  );

  serve(
    app,
    supportApi.closeSupportConversation,
    {
      config: { budget: { per: 'user', max: 20, windowMs: MINUTE_MS } },
      schema: { params: supportConversationParamsSchema, response: { 200: supportThreadSchema } },
    },
    async (request) => {
      const viewer = await requireViewer(request);
      return closeOwnConversation(db(), viewer.userId, request.params.id);
    },
  );
};
