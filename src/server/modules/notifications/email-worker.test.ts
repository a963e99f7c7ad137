import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '@server/app';
import { emailMessages } from '@server/db/schema';
import { testConfig } from '@server/test/build-test-app';
import { uniqueEmail } from '@server/test/factories';
import { createTestDatabase } from '@server/test/test-database';
import { TestClock } from '@server/test/test-clock';
import { startEmailWorker } from './email-worker';
import { createRecordingTransport } from './recording-transport';

describe('the e-mail worker', () => {
  it('delivers due e-mails in the background and stops when the app closes', async () => {
    const database = await createTestDatabase();
    const transport = createRecordingTransport();
    const clock = new TestClock();
    const app = await buildApp({ config: testConfig(), database, logger: false, emailTransport: transport, clock });
    try {
      const worker = startEmailWorker(app, { intervalMs: 10 });
      await app.ready();
      const to = uniqueEmail('worker');
      await database.db.insert(emailMessages).values({
        toEmail: to,
        subject: 'Queued',
        html: '<p>Queued</p>',
        text: 'Queued',
        emailType: 'security',
        status: 'queued',
        nextAttemptAt: new Date(clock.now().getTime() - 1000),
      });
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
      await database.db.insert(emailMessages).values({
        toEmail: late,
        subject: 'Late',
        html: '<p>Late</p>',
        text: 'Late',
        emailType: 'security',
        status: 'queued',
        nextAttemptAt: new Date(clock.now().getTime() - 1000),
      });
      await worker.stop();
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(transport.delivered.filter((email) => email.to === late)).toHaveLength(0);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
