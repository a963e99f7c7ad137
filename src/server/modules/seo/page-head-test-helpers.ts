import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Language } from '@shared/i18n/languages';
import { resolvePageHead } from './page-head';

/** The head the server writes into the HTML of an address, as a crawler reads it (in English unless told). */
export function headOf(app: FastifyInstance, url: string, language?: Language): Promise<string> {
  const request = { url, log: app.log } as unknown as FastifyRequest;
  return resolvePageHead(app.deps, request, language);
}

/** The content of one meta tag (property= or name=) of a head, or undefined. */
export function metaOf(head: string, key: string): string | undefined {
  const match = new RegExp(`<meta (?:property|name)="${key.replace(/[:.]/g, '\\$&')}" content="([^"]*)" />`).exec(head);
  return match?.[1]?.replace(/&#(\d+);/g, (_all, code: string) => String.fromCharCode(Number(code)));
}
