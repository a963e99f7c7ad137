import { and, eq, inArray, sql } from 'drizzle-orm';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@shared/i18n/languages';
import { isMessageLanguage, type MessageLanguage } from '@shared/i18n/roman-urdu';
import type { Executor } from '@server/db/client';
import { authUser, emailPreferences, users } from '@server/db/schema';

export interface LanguageRecipient {
  userId: string | null;
  to: string;
}

/**
 * The language an e-mail is written in: the one its recipient chose with the language switch,
 * found by the account the e-mail is for or else by the address (an invitation to someone who
 * already has an account); English for an address with no account or no choice yet.
 */
export async function recipientLanguage(db: Executor, userId: string | null, to: string): Promise<Language> {
  const [language] = await recipientLanguages(db, [{ userId, to }]);
  return language!;
}

/** The same for many recipients at once (a campaign's batch), in their order, in one statement. */
export async function recipientLanguages(db: Executor, recipients: LanguageRecipient[]): Promise<Language[]> {
  if (recipients.length === 0) return [];
  const ids = [...new Set(recipients.flatMap((recipient) => (recipient.userId ? [recipient.userId] : [])))];
  const addresses = [
    ...new Set(recipients.flatMap((recipient) => (recipient.userId ? [] : [recipient.to.toLowerCase()]))),
  ];
  const found = await db
    .select({ id: users.id, email: sql<string>`lower(${users.email})`, language: users.language })
    .from(users)
    .where(
      ids.length > 0 && addresses.length > 0
        ? sql`${inArray(users.id, ids)} or lower(${users.email}) in ${addresses}`
        : ids.length > 0
          ? inArray(users.id, ids)
          : sql`lower(${users.email}) in ${addresses}`,
    );
  const byId = new Map(found.map((row) => [row.id, row.language]));
  const byAddress = new Map(found.map((row) => [row.email, row.language]));
  return recipients.map((recipient) => {
    const language = recipient.userId ? byId.get(recipient.userId) : byAddress.get(recipient.to.toLowerCase());
    return isLanguage(language) ? language : DEFAULT_LANGUAGE;
  });
}

/**
 * The language of a WhatsApp message or an SMS (decision 082): the one the customer chose for
 * them, else the page's where they asked for it (a code), else their interface language, else
 * English. Found by account, or by verified number (a code to sign in).
 */
export async function phoneMessageLanguage(
  db: Executor,
  who: { userId: string } | { phoneNumber: string },
  pageLanguage?: Language,
): Promise<MessageLanguage> {
  const [found] = await db
    .select({ chosen: emailPreferences.phoneLanguage, language: users.language })
    .from(authUser)
    .innerJoin(users, eq(users.id, authUser.id))
    .leftJoin(emailPreferences, eq(emailPreferences.userId, authUser.id))
    .where(
      'userId' in who
        ? eq(authUser.id, who.userId)
        : and(eq(authUser.phoneNumber, who.phoneNumber), eq(authUser.phoneNumberVerified, true)),
    )
    .limit(1);
  if (isMessageLanguage(found?.chosen)) return found.chosen;
  return pageLanguage ?? (isLanguage(found?.language) ? found.language : DEFAULT_LANGUAGE);
}
