import { describe, expect, it } from 'vitest';
import { useTestApp } from '@server/test/build-test-app';
import { signUpUser } from '@server/test/factories';
import { collectWith, counterCodeFor, setUpVendorWithCard } from './stamp-test-helpers';

describe('typed codes are rate limited per person', () => {
  // RATE_LIMIT_MAX 2 allows 6 typed codes a minute (and the two sign-ups below).
  const context = useTestApp({ RATE_LIMIT_MAX: '2' });

  it('refuses guessing after a few typed codes, while scanned codes still work', async () => {
    const setup = await setUpVendorWithCard(context.app, context.database.db);
    const customer = await signUpUser(context.app);
    for (const guess of ['AAAA-AAAA', 'BBBB-BBBB', 'CCCC-CCCC', 'DDDD-DDDD', 'EEEE-EEEE', 'FFFF-FFFF']) {
      expect((await collectWith(context.app, customer.cookie, guess)).statusCode).toBe(400);
    }
    const code = await counterCodeFor(context.app, setup.owner.cookie, setup.card.id);
    const limited = await collectWith(context.app, customer.cookie, code.typedCode);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.message).toMatch(/^Too many typed codes\. Please wait \d+ seconds and try again\.$/);
    expect((await collectWith(context.app, customer.cookie, code.qrPayload)).statusCode).toBe(200);
  });
});
