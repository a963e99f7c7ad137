import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import type { ReadDatabase } from './db/read-database';
import type { Clock } from './lib/clock';
import type { AccountMailer } from './modules/accounts/account-mailer';
import type { Auth } from './modules/accounts/auth';
import type { EmailService } from './modules/notifications/email-service';
import type { TextMessageSender } from './modules/notifications/text-outbox';

/*
 * Its own file, below app.ts: modules that take the whole of app.deps (health checks, the page
 * head) import this type without importing app.ts, which imports every module's routes.
 */

/** What every module needs, built once per app and reached through `app.deps`. */
export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  /**
   * Where the read-only pages read: the replica of DATABASE_READ_URL, else `database` itself
   * (decision 049). Only for reads that never follow their reader's own write.
   */
  reads: ReadDatabase;
  /** The one source of "now" for routes and use cases. */
  clock: Clock;
  startedAt: Date;
  auth: Auth;
  email: EmailService;
  accounts: AccountMailer;
  /** Phone codes by WhatsApp or SMS; null when none can be sent (production without a provider). */
  textMessages: TextMessageSender | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}
