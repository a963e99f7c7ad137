import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PLANS } from '../src/shared/billing/plans';
import { loadNodeQrDecoder } from '../src/server/modules/stamps/counter-qr-test-helpers';
import { signInBrowser, signUpViaApi } from './support/api';
import { chromiumAvailable, useBrowser } from './support/browser';
import { payForPlan } from './support/plan-vendor';
import { openVendor } from './support/stamp-vendor';

describe.skipIf(!chromiumAvailable)("the counter code in each plan's style", () => {
  const session = useBrowser({ width: 360, height: 800 });

  it('draws a code a real decoder reads on every plan, in the vendor colours from Standard, with no Chaska mark on Enterprise', async () => {
    const { page, baseUrl } = session;
    const decode = await loadNodeQrDecoder();
    for (const plan of PLANS) {
      const vendor = await openVendor(baseUrl);
      if (plan.id !== 'starter') await payForPlan(baseUrl, vendor.owner.cookie, plan.id);
      if (plan.id !== 'starter') {
        const { profile } = (await (
          await fetch(`${baseUrl}/api/vendor/profile`, { headers: { cookie: vendor.owner.cookie } })
        ).json()) as { profile: Record<string, unknown> };
        const saved = await fetch(`${baseUrl}/api/vendor/profile`, {
          method: 'PUT',
          headers: { cookie: vendor.owner.cookie, 'content-type': 'application/json' },
          body: JSON.stringify({ ...profile, qrForeground: '#14532d', qrBackground: '#f0fdf4' }),
        });
        expect(saved.status).toBe(200);
      }
      await session.context.clearCookies();
      await signInBrowser(session.context, vendor.owner.email);
      await page.goto('/vendor/issue-stamp');
      const screen = page.getByRole('region', { name: 'Counter screen' });
      const code = screen.getByRole('img', { name: 'Counter QR code for Doodh Patti Club' });
      await code.waitFor();
      await screen.getByText(/New code in|This code works for/).waitFor();
      if (plan.id === 'starter') await screen.getByText('Loyalty cards by Chaska').waitFor();
      else expect(await code.locator('rect').first().getAttribute('fill')).toBe('#f0fdf4');

      // What the customer's phone sees: the drawn code, read back by ZXing.
      const [payload] = await decode(await code.screenshot());
      expect([plan.id, typeof payload]).toEqual([plan.id, 'string']);

      if (plan.id === 'enterprise') {
        // White-label: nothing on the counter screen names or shows the platform.
        expect(await screen.textContent()).not.toMatch(/chaska/i);
        expect(await screen.getByRole('img', { name: /chaska/i }).count()).toBe(0);
        expect(await screen.locator('img[src*="logo" i], svg[aria-label*="chaska" i]').count()).toBe(0);
      }
      if (process.env.E2E_SCREENSHOTS)
        await screen.screenshot({ path: path.join('docs', 'screenshots', `qr-${plan.id}-360.png`) });
      // The decoded text is the live counter code itself: a customer collects a stamp with it.
      const customer = await signUpViaApi(baseUrl, { name: 'Hina' });
      const collected = await fetch(`${baseUrl}/api/stamps/collect`, {
        method: 'POST',
        headers: { cookie: customer.cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ code: payload }),
      });
      expect([plan.id, collected.status]).toEqual([plan.id, 200]);

      // The A4 poster, rasterised by Chromium's PDF viewer: its join code decodes to the card's join address.
      const pdf = await fetch(`${baseUrl}/api/vendor/counter-poster.pdf?size=A4&cardId=${vendor.cardId}`, {
        headers: { cookie: vendor.owner.cookie },
      });
      expect(pdf.status).toBe(200);
      const file = path.join(tmpdir(), `poster-${plan.id}-${vendor.cardId}.pdf`);
      await writeFile(file, Buffer.from(await pdf.arrayBuffer()));
      const viewer = await session.context.newPage();
      await viewer.setViewportSize({ width: 800, height: 1100 });
      await viewer.goto(pathToFileURL(file).href);
      let joinUrl = '';
      await expect
        .poll(
          async () => {
            joinUrl = (await decode(await viewer.screenshot()))[0] ?? '';
            return joinUrl;
          },
          { timeout: 15_000 },
        )
        .toMatch(new RegExp(`/vendors/[a-z0-9-]+\\?join=${vendor.cardId}$`));
      if (process.env.E2E_SCREENSHOTS)
        await viewer.screenshot({ path: path.join('docs', 'screenshots', `qr-poster-a4-${plan.id}.png`) });
      await viewer.close();

      if (plan.id === 'starter') {
        // Scanned by someone signed out: the page offers the join, through sign-in.
        await session.context.clearCookies();
        await page.goto(new URL(joinUrl).pathname + new URL(joinUrl).search);
        await page.getByRole('link', { name: 'Join this card' }).click();
        await page.waitForURL('**/auth?next=*');
        expect(decodeURIComponent(page.url())).toContain(`join=${vendor.cardId}`);
      }
    }
    expect(session.problems).toEqual([]);
  });

  it('sets QR colours on the profile from Standard, is told why a pair would not scan, and sees the plan a Starter vendor needs', async () => {
    const { page, baseUrl } = session;
    const starter = await openVendor(baseUrl);
    await session.context.clearCookies();
    await signInBrowser(session.context, starter.owner.email);
    await page.goto('/vendor/profile');
    const locked = page.locator('section').filter({ has: page.getByRole('heading', { name: 'QR codes' }) });
    await locked.getByText('Custom QR code colours: This feature needs the Standard plan.').waitFor();
    expect(await locked.getByRole('link', { name: 'See plans on Billing' }).getAttribute('href')).toBe(
      '/vendor/billing',
    );
    if (process.env.E2E_SCREENSHOTS)
      await locked.screenshot({ path: path.join('docs', 'screenshots', 'qr-profile-colours-locked-360.png') });

    const standard = await openVendor(baseUrl);
    await payForPlan(baseUrl, standard.owner.cookie, 'standard');
    await session.context.clearCookies();
    await signInBrowser(session.context, standard.owner.email);
    await page.goto('/vendor/profile');
    const card = page.locator('section').filter({ has: page.getByRole('heading', { name: 'QR codes' }) });
    await card.getByLabel('QR code colour', { exact: true }).fill('#9ca3af');
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await card.getByText(/^QR code colours need more contrast to scan: 2\.\d:1 now, at least 4\.5:1\./).waitFor();
    await card.getByLabel('QR code colour', { exact: true }).fill('#14532d');
    await card.getByLabel('QR background colour').fill('#f0fdf4');
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await page.getByText('Profile saved. Your public page shows the new details.').waitFor();
    if (process.env.E2E_SCREENSHOTS) {
      // Clear of the sticky header.
      await card.evaluate((element) => element.scrollIntoView({ block: 'center' }));
      await card.screenshot({ path: path.join('docs', 'screenshots', 'qr-profile-colours-360.png') });
    }
    const style = (await (
      await fetch(`${baseUrl}/api/vendor/qr-style`, { headers: { cookie: standard.owner.cookie } })
    ).json()) as { style: { foreground: string; background: string } };
    expect([style.style.foreground, style.style.background]).toEqual(['#14532d', '#f0fdf4']);
    expect(session.problems).toEqual([]);
  });
});
