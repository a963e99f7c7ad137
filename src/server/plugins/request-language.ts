import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { LANGUAGE_COOKIE, requestLanguage } from '@shared/i18n/languages';
import { inTextLanguage } from '@server/lib/texts';

/**
 * Each request is answered in its reader's language (decision 039): the language cookie the
 * browser's switch writes, else Accept-Language. serverText reads it, so a refusal ("This code
 * has expired…") or a 400's field message arrives in Urdu to an Urdu reader. An e-mail is
 * rendered in its recipient's language instead (email-service.ts).
 */
export const requestLanguagePlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', (request, _reply, done) => {
    const language = requestLanguage(request.cookies[LANGUAGE_COOKIE], request.headers['accept-language']);
    inTextLanguage(language, done);
  });
});
