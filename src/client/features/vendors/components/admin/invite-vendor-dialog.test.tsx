import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answerCalls, renderScreen } from '@client/test/render-screen';
import { InviteVendorDialog } from './invite-vendor-dialog';

const INVITE = 'POST /api/admin/vendor-invitations';
// Radix's dialog turns pointer events off on the page behind it; happy-dom does not see the
// dialog turn them on again, so the pointer check is left to the browser journeys.
const user = userEvent.setup({ pointerEventsCheck: 0 });

describe('the Invite Vendor dialog', () => {
  it('sends the invitation and closes, naming who was invited', async () => {
    const calls = answerCalls({ [INVITE]: { status: 201, body: { email: 'owner@karahi.pk', outcome: 'sent' } } });
    const invited: string[] = [];
    const closed: boolean[] = [];
    await renderScreen(
      <InviteVendorDialog open onOpenChange={(open) => closed.push(open)} onInvited={(email) => invited.push(email)} />,
    );
    await user.type(await screen.findByLabelText(/^E-mail address/), 'owner@karahi.pk');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(invited).toEqual(['owner@karahi.pk']));
    expect(calls).toEqual([{ call: INVITE, body: { email: 'owner@karahi.pk', name: '', message: '' } }]);
    expect(closed).toEqual([false]);
  });

  it("shows the server's refusal above the buttons and stays open", async () => {
    answerCalls({
      [INVITE]: {
        status: 409,
        body: { error: { code: 'already_vendor', message: 'This address already has a vendor.' } },
      },
    });
    const closed: boolean[] = [];
    await renderScreen(
      <InviteVendorDialog open onOpenChange={(open) => closed.push(open)} onInvited={() => undefined} />,
    );
    await user.type(await screen.findByLabelText(/^E-mail address/), 'owner@karahi.pk');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This address already has a vendor.');
    expect(closed).toEqual([]);
  });

  it('cancels without sending anything', async () => {
    const calls = answerCalls({});
    const closed: boolean[] = [];
    await renderScreen(
      <InviteVendorDialog open onOpenChange={(open) => closed.push(open)} onInvited={() => undefined} />,
    );
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(closed).toEqual([false]);
    expect(calls).toEqual([]);
  });
});
