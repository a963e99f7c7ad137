import { eq, sql } from 'drizzle-orm';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@shared/i18n/languages';
import type { Executor } from '@server/db/client';
import { users } from '@server/db/schema';

/**
 * The language an e-mail is written in: the one its recipient chose with the language switch,
 * found by the account the e-mail is for or else by the address (an invitation to someone who
 * already has an account); English for an address with no account or no choice yet.
 */
export async function recipientLanguage(db: Executor, userId: string | null, to: string): Promise<Language> {
  const [row] = await db
    .select({ language: users.language })
    .from(users)
    .where(userId ? eq(users.id, userId) : sql`lower(${users.email}) = ${to.toLowerCase()}`)
    .limit(1);
  return isLanguage(row?.language) ? row.language : DEFAULT_LANGUAGE;
}
