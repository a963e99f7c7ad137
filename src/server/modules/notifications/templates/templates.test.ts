import { describe, expect, it } from 'vitest';
import { inTextLanguage } from '@server/lib/texts';
import { passwordResetEmail, verificationEmail, welcomeEmail } from './account-emails';
import { dailyChaskaEmail } from './daily-chaska-email';
import { digestEmail, digestLinesOf } from './digest-email';
import type { RenderedEmail } from './layout';
import { rewardEarnedEmail, stampCollectedEmail } from './stamp-emails';
import { vendorApplicationReceivedEmail } from './vendor-application-emails';
import { vendorMessageEmail, vendorMessageSubject } from './vendor-message-email';
import { vendorApprovedEmail, vendorRejectedEmail } from './vendor-review-emails';

const UNSUBSCRIBE = 'http://localhost:3000/unsubscribe?u=user-1&t=signature';
const HOSTILE = '<script>alert(1)</script>';

/** Every e-mail type of the issue, rendered once (with an unsubscribe link where it is not a security e-mail). */
const rendered: Record<string, { email: RenderedEmail; unsubscribable: boolean }> = {
  welcome: {
    email: welcomeEmail({ name: HOSTILE, dashboardUrl: 'http://localhost:3000/user', unsubscribeUrl: UNSUBSCRIBE }),
    unsubscribable: true,
  },
  verification: {
    email: verificationEmail({ name: HOSTILE, verifyUrl: 'http://localhost:3000/verify-email?token=abc' }),
    unsubscribable: false,
  },
  passwordReset: {
    email: passwordResetEmail({ name: HOSTILE, resetUrl: 'http://localhost:3000/reset-password?token=abc' }),
    unsubscribable: false,
  },
  stamp: {
    email: stampCollectedEmail({
      name: HOSTILE,
      vendorName: 'Kolachi',
      cardName: 'Karahi Club',
      stampsCollected: 9,
      stampsRequired: 10,
      rewardTitle: 'Free Karahi',
      dashboardUrl: 'http://localhost:3000/user',
      unsubscribeUrl: UNSUBSCRIBE,
    }),
    unsubscribable: true,
  },
  reward: {
    email: rewardEarnedEmail({
      name: HOSTILE,
      vendorName: 'Kolachi',
      cardName: 'Karahi Club',
      rewardTitle: 'Free Karahi',
      rewardValue: 500,
      rewardUrl: 'http://localhost:3000/user',
      unsubscribeUrl: UNSUBSCRIBE,
    }),
    unsubscribable: true,
  },
  applicationReceived: {
    email: vendorApplicationReceivedEmail({
      ownerName: HOSTILE,
      businessName: 'Kolachi',
      city: 'Karachi',
      statusUrl: 'http://localhost:3000/vendor',
    }),
    unsubscribable: false,
  },
  approved: {
    email: vendorApprovedEmail({
      ownerName: HOSTILE,
      businessName: 'Kolachi',
      dashboardUrl: 'http://localhost:3000/vendor',
    }),
    unsubscribable: false,
  },
  rejected: {
    email: vendorRejectedEmail({
      ownerName: HOSTILE,
      businessName: 'Kolachi',
      reason: 'Missing address',
      supportUrl: 'http://localhost:3000/support',
    }),
    unsubscribable: false,
  },
  dailyChaska: {
    email: dailyChaskaEmail({
      name: HOSTILE,
      vendorName: 'Kolachi',
      city: 'Karachi',
      dealTitle: 'Karahi for two',
      dealPrice: 'Rs 299',
      originalPrice: 'Rs 499',
      dealUrl: 'http://localhost:3000/daily-chaska',
      unsubscribeUrl: UNSUBSCRIBE,
    }),
    unsubscribable: true,
  },
  vendorMessage: {
    email: vendorMessageEmail({
      name: HOSTILE,
      vendorName: 'Kolachi',
      subject: 'New menu',
      message: 'Fresh naan.\n\nCome by!',
      vendorUrl: 'http://localhost:3000/vendors/kolachi',
      unsubscribeUrl: UNSUBSCRIBE,
    }),
    unsubscribable: true,
  },
  digest: {
    email: digestEmail({
      name: HOSTILE,
      kind: 'daily',
      items: [{ subject: 'A stamp', text: 'A stamp\n\nThree of ten.\n\nUnsubscribe: x\n— Chaska' }],
      preferencesUrl: 'http://localhost:3000/email-preferences',
      unsubscribeUrl: UNSUBSCRIBE,
    }),
    unsubscribable: true,
  },
};

describe('e-mail templates', () => {
  for (const [name, { email, unsubscribable }] of Object.entries(rendered)) {
    it(`${name}: subject, HTML and text, escaped, ${unsubscribable ? 'with' : 'without'} the unsubscribe link`, () => {
      expect(email.subject.length).toBeGreaterThan(5);
      expect(email.html).toMatch(/^<!doctype html>/);
      expect(email.html).not.toContain(HOSTILE);
      expect(email.html).toContain('&#60;script&#62;');
      expect(email.text).toContain(HOSTILE);
      expect(email.text.includes(`Unsubscribe: ${UNSUBSCRIBE}`)).toBe(unsubscribable);
      expect(email.html.includes('Unsubscribe</a>')).toBe(unsubscribable);
    });
  }

  it("names the shop in a vendor's subject once", () => {
    expect(vendorMessageSubject('Bilal Karahi House', 'Weekend special')).toBe('Bilal Karahi House: Weekend special');
    expect(vendorMessageSubject('Bilal Karahi House', 'Welcome to Bilal Karahi House!')).toBe(
      'Welcome to Bilal Karahi House!',
    );
    expect(vendorMessageSubject('Bilal Karahi House', 'bilal karahi house misses you')).toBe(
      'bilal karahi house misses you',
    );
  });

  it('tells a rejected vendor the reason', () => {
    expect(rendered.rejected!.email.text).toContain('Reason: Missing address');
  });

  it('shows the stamp count out of the stamps required', () => {
    expect(rendered.stamp!.email.text).toContain('9 of 10 stamps');
  });

  it('speaks in points on a points card: the balance and the reward priced in points, as the push says', () => {
    const points = {
      name: 'Sana',
      vendorName: 'Lahori Chai',
      cardName: 'Chai Points',
      stampsCollected: 480,
      stampsRequired: 500,
      rewardTitle: 'Free paratha',
      points: true,
      dashboardUrl: 'http://localhost:3000/user',
    };
    const english = stampCollectedEmail(points);
    expect(english.subject).toBe('Lahori Chai: you have 480 points');
    expect(digestLinesOf(english)).toEqual([
      'Hi Sana, Lahori Chai just added points to your Chai Points card.',
      'Chai Points: 480 points. Free paratha is yours for 500 points.',
      'See my cards: http://localhost:3000/user',
    ]);
    expect(english.text).not.toMatch(/stamp/i);
    const urdu = inTextLanguage('ur', () => stampCollectedEmail(points));
    expect(urdu.subject).toContain('پوائنٹس');
    expect(urdu.text).not.toContain('اسٹیمپ');
  });

  it('keeps an item’s body in a digest without its own heading and footer', () => {
    const stamp = rendered.stamp!.email;
    expect(digestLinesOf(stamp)).toEqual([
      `Hi ${HOSTILE}, Kolachi just stamped your Karahi Club card.`,
      'You now have 9 of 10 stamps. 1 more stamp to go for Free Karahi.',
      'See my cards: http://localhost:3000/user',
    ]);
    expect(digestLinesOf({ subject: 'Plain', text: 'First line\n\nSecond line' })).toEqual([
      'First line',
      'Second line',
    ]);
    expect(rendered.digest!.email.html).toContain('<h2 style="font-size:16px;margin:0 0 8px">A stamp</h2>');
  });
});
