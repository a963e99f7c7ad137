import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '@server/app';
import { emailMessages } from '@server/db/schema';
import { testConfig } from '@server/test/build-test-app';
import { uniqueEmail } from '@server/test/factories';
import { createTestDatabase } from '@server/test/test-database';
import { TestClock } from '@server/test/test-clock';
import { renderLayout } from '@server/modules/notifications/templates/layout';

const notice = (subject: string) => () => renderLayout({ subject, heading: subject, paragraphs: ['A notice.'] });
import { createRecordingTransport } from '@server/modules/notifications/recording-transport';
import { jobHandlers, recurringJobs, startJobRunner } from './background-jobs';

describe('the job runner', () => {
  it('delivers queued e-mails in the background and stops when the app closes', async () => {
    const database = await createTestDatabase();
    const transport = createRecordingTransport();
    const clock = new TestClock();
    const app = await buildApp({ config: testConfig(), database, logger: false, emailTransport: transport, clock });
    try {
      const runner = startJobRunner(app, { intervalMs: 10 });
      await app.ready();
      const to = uniqueEmail('worker');
      expect(await app.deps.email.enqueue({ type: 'security', to, render: notice('Queued') })).toBe('queued');
      await expect
        .poll(
          async () => (await database.db.select().from(emailMessages).where(eq(emailMessages.toEmail, to)))[0]?.status,
          { timeout: 10_000 },
        )
        .toBe('sent');
      expect(transport.delivered.filter((email) => email.to === to)).toHaveLength(1);

      await app.close();
      // Closed: a message queued now stays queued, because no pass runs any more.
      const late = uniqueEmail('late');
      expect(await app.deps.email.enqueue({ type: 'security', to: late, render: notice('Late') })).toBe('queued');
      await runner.stop();
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(transport.delivered.filter((email) => email.to === late)).toHaveLength(0);
    } finally {
      await app.close();
      await database.close();
    }
  });

  it('has one handler per job name, and one for every recurring job', async () => {
    const database = await createTestDatabase();
    const app = await buildApp({ config: testConfig(), database, logger: false, clock: new TestClock() });
    try {
      // Two handlers of one name would leave one never run: the registry refuses them.
      const handlers = jobHandlers({ db: database.db, config: app.deps.config, email: app.deps.email, log: app.log });
      expect(handlers.size).toBeGreaterThan(15);
      const unhandled = recurringJobs(app.deps.config).filter((job) => !handlers.has(job.name));
      expect(unhandled).toEqual([]);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
