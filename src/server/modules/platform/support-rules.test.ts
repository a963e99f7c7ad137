import { describe, expect, it } from 'vitest';
import { requesterMessageReopens, supportStatusAfter, SUPPORT_STATUSES } from '@shared/platform/support';
import type { VendorMembership } from '@server/viewer/load-viewer';
import { supportLanguageOf, supportRequesterRole } from './support-rules';

const member = (vendorStatus: VendorMembership['vendorStatus'], role: VendorMembership['role'] = 'owner') => ({
  membership: { vendorId: 'v1', role, vendorStatus, businessName: 'Butt Karahi' },
});

describe('the status of a support conversation', () => {
  it('is open again whenever its requester writes, whatever it was (the requester may always write)', () => {
    for (const status of SUPPORT_STATUSES) expect(supportStatusAfter(status, 'requester_writes')).toBe('open');
  });

  it('is answered when an admin answers an open or answered one; a closed one cannot be answered', () => {
    expect(supportStatusAfter('open', 'admin_answers')).toBe('answered');
    expect(supportStatusAfter('answered', 'admin_answers')).toBe('answered');
    expect(supportStatusAfter('closed', 'admin_answers')).toBeNull();
  });

  it('closes once: an open or answered conversation closes, a closed one refuses', () => {
    expect(supportStatusAfter('open', 'close')).toBe('closed');
    expect(supportStatusAfter('answered', 'close')).toBe('closed');
    expect(supportStatusAfter('closed', 'close')).toBeNull();
  });

  it('reopens (counts again against the open-conversation limit) when the requester writes in an answered or closed one', () => {
    expect(requesterMessageReopens('open')).toBe(false);
    expect(requesterMessageReopens('answered')).toBe(true);
    expect(requesterMessageReopens('closed')).toBe(true);
  });
});

describe('who writes to support', () => {
  it("is a vendor when the writer is an approved vendor's owner or staff", () => {
    expect(supportRequesterRole(member('approved'))).toBe('vendor');
    expect(supportRequesterRole(member('approved', 'staff'))).toBe('vendor');
  });

  it('is a customer otherwise: no vendor, or a vendor not approved (pending, rejected, suspended)', () => {
    expect(supportRequesterRole({ membership: null })).toBe('customer');
    expect(supportRequesterRole(member('pending'))).toBe('customer');
    expect(supportRequesterRole(member('rejected'))).toBe('customer');
    expect(supportRequesterRole(member('suspended', 'staff'))).toBe('customer');
  });

  it("writes in the language chosen for the account, else the page's", () => {
    expect(supportLanguageOf({ language: 'ur' }, 'en')).toBe('ur');
    expect(supportLanguageOf({ language: 'en' }, 'ur')).toBe('en');
    expect(supportLanguageOf({ language: null }, 'ur')).toBe('ur');
  });
});
