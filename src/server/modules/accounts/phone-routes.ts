import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addPhoneSchema,
  meSchema,
  phoneCodeRequestSchema,
  phoneCodeSentSchema,
  phoneSignInSchema,
  signInResponseSchema,
  type Me,
} from '@shared/accounts/accounts';
import { PHONE_CODE_RESEND_SECONDS, type PhoneCodePurpose } from '@shared/accounts/phone';
import * as accountsApi from '@shared/accounts/contract';
import { authUser } from '@server/db/schema';
import { badGateway, conflict, forbidden, unavailable } from '@server/errors';
import { serve } from '@server/lib/serve-route';
import { currentTextLanguage, inTextLanguage, serverText } from '@server/lib/texts';
import { requireViewer } from '@server/plugins/authentication';
import { loadViewer } from '@server/viewer/load-viewer';
import { withProvenPhoneNumber } from './auth';
import { headersOf, readAuthResponse } from './better-auth-bridge';
import { issuePhoneCode, reissuePhoneCode, spendPhoneCode } from './phone-codes';
import { requirePakistaniMobile } from './phone-number';
import { presentMe, presentSignedIn } from './present-me';
import { saveLanguage } from './profile';
import { enforceAuthRateLimit, enforcePhoneCodeSendLimit } from './rate-limit-auth';
import { phoneMessageLanguage } from '@server/modules/notifications/recipient-language';

/**
 * Signing in with a mobile number and a code sent by WhatsApp or SMS (issue "Phone first"): the
 * same door for a new number (the account is made) and a known one. Better Auth's phone-number
 * plugin keeps the accounts and sessions; the codes, their limits and their words are ours.
 */
export const phoneRoutes: FastifyPluginAsyncZod<{ features: Me['features'] }> = async (app, { features }) => {
  const { auth, config, clock } = app.deps;
  const db = () => app.deps.database.db;

  // WhatsApp may report a code undelivered after the answer: a fresh one then goes by SMS.
  app.deps.textMessages?.reissueCodesWith((phoneNumber, purpose) =>
    reissuePhoneCode(db(), config.sessionSecret, { phoneNumber, purpose, now: clock.now() }),
  );

  function senderOrRefuse() {
    const sender = app.deps.textMessages;
    if (!sender) throw unavailable(serverText('account:phoneCode.unavailable'), 'phone_unavailable');
    return sender;
  }

  async function numberTaken(phoneNumber: string, byOtherThan?: string): Promise<boolean> {
    const [owner] = await db()
      .select({ id: authUser.id })
      .from(authUser)
      .where(eq(authUser.phoneNumber, phoneNumber))
      .limit(1);
    return Boolean(owner && owner.id !== byOtherThan);
  }

  /**
   * The one path of a code to Better Auth: the try counted (per IP and per number), the number's
   * code for `purpose` spent by our rules, then Better Auth acts on the proven number: finds or
   * makes the account and starts its session (sign_in), or sets it on the signed-in one (add_phone).
   */
  async function verifyByCode(
    request: FastifyRequest,
    input: { phoneNumber: string; code: string; purpose: PhoneCodePurpose },
  ): Promise<Response> {
    const phoneNumber = requirePakistaniMobile(input.phoneNumber);
    await enforceAuthRateLimit(request, input.purpose === 'sign_in' ? 'phone-sign-in' : 'phone-add', phoneNumber);
    await spendPhoneCode(db(), config.sessionSecret, {
      phoneNumber,
      purpose: input.purpose,
      code: input.code,
      now: clock.now(),
    });
    return withProvenPhoneNumber(phoneNumber, () =>
      auth.api.verifyPhoneNumber({
        body: { phoneNumber, code: input.code, ...(input.purpose === 'add_phone' ? { updatePhoneNumber: true } : {}) },
        headers: headersOf(request),
        asResponse: true,
      }),
    );
  }

  serve(
    app,
    accountsApi.sendPhoneCode,
    {
      config: { budget: { handledBy: 'accounts/rate-limit-auth.ts enforcePhoneCodeSendLimit' } },
      schema: { body: phoneCodeRequestSchema, response: { 200: phoneCodeSentSchema } },
    },
    async (request) => {
      const sender = senderOrRefuse();
      const phoneNumber = requirePakistaniMobile(request.body.phoneNumber);
      const { purpose } = request.body;
      const viewer = purpose === 'sign_in' ? null : await requireViewer(request);
      if (purpose === 'add_phone' && (await numberTaken(phoneNumber, viewer!.userId)))
        throw conflict(serverText('account:phoneCode.numberTaken'), 'phone_taken');
      // Closing an account is confirmed by a code to the number the account signs in with, only.
      if (purpose === 'close_account' && phoneNumber !== viewer!.phoneNumber)
        throw forbidden(serverText('account:close.notYourNumber'), 'not_your_number');
      await enforcePhoneCodeSendLimit(request, phoneNumber);
      const code = await issuePhoneCode(db(), config.sessionSecret, { phoneNumber, purpose, now: clock.now() });
      // The language the account chose for WhatsApp and SMS, else the page's.
      const language = await phoneMessageLanguage(
        db(),
        viewer ? { userId: viewer.userId } : { phoneNumber },
        request.body.language ?? currentTextLanguage(),
      );
      let channel;
      try {
        channel = await sender.sendCode(
          { to: phoneNumber, code, language, purpose },
          { bySms: request.body.channel === 'sms' },
        );
      } catch (error) {
        request.log.warn({ err: error }, 'A phone code could not be sent');
        throw badGateway(serverText('account:phoneCode.notSent'), 'phone_code_not_sent');
      }
      return {
        phoneNumber,
        channel,
        smsInstead: channel === 'whatsapp' && sender.smsInstead,
        resendAfterSeconds: PHONE_CODE_RESEND_SECONDS,
      };
    },
  );

  serve(
    app,
    accountsApi.signInWithPhone,
    {
      config: { budget: { handledBy: 'accounts/rate-limit-auth.ts enforceAuthRateLimit' } },
      schema: { body: phoneSignInSchema, response: { 200: signInResponseSchema } },
    },
    async (request, reply) => {
      senderOrRefuse();
      // A disabled account, or one with two-factor on, is refused before any session (session-gate.ts).
      // A new account is created in the page's language (auth.ts).
      const language = request.body.language ?? currentTextLanguage();
      const response = await inTextLanguage(language, () =>
        verifyByCode(request, { ...request.body, purpose: 'sign_in' }),
      );
      const body = await readAuthResponse<{ user: { id: string } }>(response, reply);
      const viewer = await loadViewer(db(), body.user.id);
      // An account made before languages were kept speaks the page's from its first sign-in on.
      if (viewer && !viewer.language) {
        await saveLanguage(db(), viewer.userId, language, clock.now());
        viewer.language = language;
      }
      return presentSignedIn(viewer, features);
    },
  );

  serve(
    app,
    accountsApi.addPhone,
    {
      config: { budget: { handledBy: 'accounts/rate-limit-auth.ts enforceAuthRateLimit' } },
      schema: { body: addPhoneSchema, response: { 200: meSchema } },
    },
    async (request, reply) => {
      const viewer = await requireViewer(request);
      // A number another account has is refused by Better Auth once the code is spent (phone_taken).
      const response = await verifyByCode(request, { ...request.body, purpose: 'add_phone' });
      await readAuthResponse(response, reply);
      return presentMe(await loadViewer(db(), viewer.userId), features);
    },
  );
};
