/** suspended is set by an admin; only approved vendors are public. */
export const VENDOR_STATUSES = ['pending', 'approved', 'rejected', 'suspended'] as const;
export type VendorStatus = (typeof VENDOR_STATUSES)[number];

/** What moves a vendor from one status to another: an admin's review or moderation, or its owner applying again. */
export type VendorAction = 'approve' | 'reject' | 'suspend' | 'unsuspend' | 'reapply';

/**
 * The vendor state machine, in one place (SPEC.md: applications, moderation):
 * - an admin approves a pending application, or a rejected one on second thought, and rejects a
 *   pending one;
 * - an admin suspends an approved vendor (it leaves every public page and cannot stamp) and lifts
 *   the suspension;
 * - the owner of a rejected application applies again (the rejection e-mail invites it); pending
 *   and approved applications block it, and a suspension is lifted by an admin, not by applying.
 */
const VENDOR_TRANSITIONS: Record<VendorAction, { from: readonly VendorStatus[]; to: VendorStatus }> = {
  approve: { from: ['pending', 'rejected'], to: 'approved' },
  reject: { from: ['pending'], to: 'rejected' },
  suspend: { from: ['approved'], to: 'suspended' },
  unsuspend: { from: ['suspended'], to: 'approved' },
  reapply: { from: ['rejected'], to: 'pending' },
};

/** The status the action leads to from this one, or null when the action is not allowed from it. */
export function vendorStatusAfter(status: VendorStatus, action: VendorAction): VendorStatus | null {
  const transition = VENDOR_TRANSITIONS[action];
  return transition.from.includes(status) ? transition.to : null;
}

/** Whether the owner of a vendor in this state may send a new application. */
export function mayApplyAgain(status: VendorStatus): boolean {
  return vendorStatusAfter(status, 'reapply') !== null;
}

export const SUBSCRIPTION_STATUSES = ['active', 'past_due', 'canceled', 'inactive'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** Any other or missing status counts as inactive (SPEC.md section 4). */
export function normalizeSubscriptionStatus(value: string | null | undefined): SubscriptionStatus {
  return (SUBSCRIPTION_STATUSES as readonly string[]).includes(value ?? '')
    ? (value as SubscriptionStatus)
    : 'inactive';
}

export const VENDOR_MEMBER_ROLES = ['owner', 'staff'] as const;
export type VendorMemberRole = (typeof VENDOR_MEMBER_ROLES)[number];

export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export interface DayHours {
  open: string;
  close: string;
  closed: boolean;
}
export type OpeningHours = Record<Weekday, DayHours>;

export function defaultOpeningHours(): OpeningHours {
  return Object.fromEntries(
    WEEKDAYS.map((day) => [day, { open: '09:00', close: '22:00', closed: false }]),
  ) as OpeningHours;
}

/**
 * A shop's website or page as its owner types it: "bilalkarahi.pk" is taken as
 * "https://bilalkarahi.pk", an address with its own http(s):// is kept, and "" stays "" (not set).
 * The one rule of the application form and the profile: the schemas check the address with it,
 * and the server stores what it gives (the schemas carry no transform: they also shape answers).
 */
export function withWebScheme(value: string): string {
  return value === '' || /^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value}`;
}

/** An http(s) address with a dotted host name ("https://bilalkarahi.pk/menu"); "" is "not set". */
export function isWebAddress(value: string): boolean {
  if (value === '') return true;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && /^[^.\s]+(\.[^.\s]+)+$/.test(url.hostname);
  } catch {
    return false;
  }
}
