/** suspended is set by an admin; only approved vendors are public. */
export const VENDOR_STATUSES = ['pending', 'approved', 'rejected', 'suspended'] as const;
export type VendorStatus = (typeof VENDOR_STATUSES)[number];

/**
 * Whether the owner of a vendor in this state may send a new application: only after a
 * rejection (the rejection e-mail invites it). Pending and approved applications block it, and
 * a suspension is lifted by an admin, not by applying.
 */
export function mayApplyAgain(status: VendorStatus): boolean {
  return status === 'rejected';
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
