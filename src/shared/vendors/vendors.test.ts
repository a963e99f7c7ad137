import { describe, expect, it } from 'vitest';
import { mayApplyAgain, VENDOR_STATUSES, vendorStatusAfter, type VendorAction } from './vendors';

describe('the vendor state machine', () => {
  it('moves each status only where an admin or the owner may take it', () => {
    const allowed: Record<VendorAction, Array<[string, string]>> = {
      approve: [
        ['pending', 'approved'],
        ['rejected', 'approved'],
      ],
      reject: [['pending', 'rejected']],
      suspend: [['approved', 'suspended']],
      unsuspend: [['suspended', 'approved']],
      reapply: [['rejected', 'pending']],
    };
    for (const [action, moves] of Object.entries(allowed) as Array<[VendorAction, Array<[string, string]>]>) {
      for (const status of VENDOR_STATUSES) {
        const expected = moves.find(([from]) => from === status)?.[1] ?? null;
        expect(vendorStatusAfter(status, action), `${action} from ${status}`).toBe(expected);
      }
    }
  });

  it('lets only a rejected applicant apply again', () => {
    expect(VENDOR_STATUSES.filter(mayApplyAgain)).toEqual(['rejected']);
  });
});
