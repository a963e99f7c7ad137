import { AUTOMATION_LABELS } from '@shared/campaigns/automations';
import { isPlanId, planFor } from '@shared/billing/plans';

/**
 * Every action the audit log records, and how it reads as a sentence: for the admin's Recent
 * Activity (about a named business, card or person) and, where the vendor sees it, for the vendor
 * dashboard (about its own business). `recordAudit` accepts only these actions, so a new action
 * cannot be recorded without its sentence.
 */
type Metadata = Record<string, unknown>;

interface ActionText {
  /** The admin feed: `subject` is the business, card or person acted on, by name. */
  admin(subject: string, metadata: Metadata): string;
  /** The vendor's own dashboard; left out for actions the vendor does not see there. */
  vendor?(metadata: Metadata): string;
}

const quoted = (value: unknown) => `"${typeof value === 'string' ? value : ''}"`;
const text = (value: unknown) => (typeof value === 'string' && value ? value : 'someone');
/** Which language's text an override changed (entries before decision 047 name none). */
const inTextLanguage = (value: unknown) => (value === 'ur' ? ' in Urdu' : value === 'en' ? ' in English' : '');
const planName = (value: unknown) =>
  typeof value === 'string' && isPlanId(value) ? planFor(value).name : 'another plan';

/** "a stamp", or "4 stamps" for an order of several (the stamp's metadata.quantity). */
const stampsOf = (metadata: Metadata) =>
  typeof metadata.quantity === 'number' && metadata.quantity > 1 ? `${metadata.quantity} stamps` : 'a stamp';

export const AUDIT_ACTIONS = {
  'vendor.apply': { admin: (s) => `New vendor application from ${s}`, vendor: () => 'Vendor application submitted' },
  'vendor.reapply': {
    admin: (s) => `Vendor application from ${s} after a rejection`,
    vendor: () => 'Vendor application submitted again',
  },
  'vendor.approve': { admin: (s) => `Vendor ${s} approved`, vendor: () => 'Vendor application approved' },
  'vendor.reject': { admin: (s) => `Vendor ${s} rejected`, vendor: () => 'Vendor application not approved' },
  'vendor.suspend': { admin: (s) => `Vendor ${s} suspended`, vendor: () => 'Vendor suspended by the platform' },
  'vendor.unsuspend': {
    admin: (s) => `Vendor ${s} unsuspended`,
    vendor: () => 'Vendor suspension lifted by the platform',
  },
  'vendor.admin_update': {
    admin: (s) => `Vendor ${s} edited by an admin`,
    vendor: () => 'Business details updated by the platform',
  },
  'vendor.profile_update': {
    admin: (s) => `Vendor ${s} updated its profile`,
    vendor: () => 'Business profile updated',
  },
  'vendor.kiosk_pin_set': {
    admin: (s) => `Vendor ${s} set its counter tablet PIN`,
    vendor: () => 'Counter tablet PIN set',
  },
  'vendor.close': { admin: (s) => `Vendor ${s} closed its account`, vendor: () => 'Vendor account closed' },
  'vendor.export': {
    admin: (s) => `Vendor ${s} downloaded its business data`,
    vendor: () => 'Business data downloaded',
  },
  'vendor.invite': { admin: (s) => `Vendor invitation sent to ${s}` },
  'vendors.export_csv': { admin: () => 'Vendor list exported as CSV' },
  'partner.invite': {
    admin: (s) => `Partner invited to card ${s}`,
    vendor: (m) => `${text(m.partnerName)} invited to honour "${text(m.cardName)}"`,
  },
  'partner.remove': {
    admin: (s) => `Partner removed from card ${s}`,
    vendor: (m) => `${text(m.partnerName)} no longer honours "${text(m.cardName)}"`,
  },
  'partner.accept': {
    admin: (s) => `Partner invitation to card ${s} accepted`,
    vendor: (m) => `Now honouring the partner card "${text(m.cardName)}"`,
  },
  'partner.decline': {
    admin: (s) => `Partner invitation to card ${s} declined`,
    vendor: (m) => `Declined to honour the partner card "${text(m.cardName)}"`,
  },
  'partner.leave': {
    admin: (s) => `A partner left card ${s}`,
    vendor: (m) => `Stopped honouring the partner card "${text(m.cardName)}"`,
  },
  'card.create': { admin: (s) => `Card ${s} created`, vendor: (m) => `Card ${quoted(m.name)} created` },
  'card.update': { admin: (s) => `Card ${s} edited`, vendor: (m) => `Card ${quoted(m.name)} edited` },
  'card.activate': { admin: (s) => `Card ${s} activated`, vendor: (m) => `Card ${quoted(m.name)} activated` },
  'card.pause': { admin: (s) => `Card ${s} paused`, vendor: (m) => `Card ${quoted(m.name)} paused` },
  'card.archive': {
    admin: (s) => `Card ${s} removed`,
    vendor: (m) => `Card ${quoted(m.name)} deleted (kept for its customers' history)`,
  },
  'card.delete': { admin: (s) => `Card ${s} deleted`, vendor: (m) => `Card ${quoted(m.name)} deleted` },
  'card.admin_pause': {
    admin: (s) => `Card ${s} paused by an admin`,
    vendor: (m) => `Card ${quoted(m.name)} paused by the platform`,
  },
  'card.admin_remove': {
    admin: (s) => `Card ${s} removed by an admin`,
    vendor: (m) => `Card ${quoted(m.name)} removed by the platform`,
  },
  'card.admin_restore': {
    admin: (s) => `Card ${s} restored by an admin`,
    vendor: (m) => `Card ${quoted(m.name)} restored by the platform`,
  },
  'card.daily_chaska_create': {
    admin: (s) => `Daily Chaska card ${s} created`,
    vendor: (m) => `Daily Chaska card ${quoted(m.name)} created by the platform`,
  },
  'card.featured_order': {
    admin: (s) => `Featured order of ${s} changed`,
    vendor: (m) => `Card ${quoted(m.name)} featured by the platform`,
  },
  'user.disable': { admin: (s) => `User ${s} disabled` },
  'user.enable': { admin: (s) => `User ${s} enabled` },
  'user.close': { admin: () => 'A customer closed their account' },
  'user.delete': { admin: (_s, m) => `An account was deleted by an admin: ${quoted(m.reason)}` },
  'user.export': { admin: (s) => `${s} downloaded their data` },
  'admin.grant': { admin: (s) => `Admin rights granted to ${s}` },
  'admin.revoke': { admin: (s) => `Admin rights revoked from ${s}` },
  'customer.sample_cards': { admin: (s) => `${s} added sample cards` },
  'customer.message': {
    admin: (s) => `A vendor messaged ${s}`,
    vendor: (m) => `Message sent to a customer: ${quoted(m.subject)}`,
  },
  'campaign.create': {
    admin: () => 'A vendor scheduled a campaign',
    vendor: (m) => `Campaign scheduled: ${quoted(m.subject)}`,
  },
  'campaign.cancel': {
    admin: () => 'A vendor cancelled a campaign',
    vendor: (m) => `Campaign cancelled: ${quoted(m.subject)}`,
  },
  'stamp.collect': { admin: (s, m) => `${s} collected ${stampsOf(m)}` },
  'stamp.issue': { admin: (s, m) => `${s} got ${stampsOf(m)} at the counter` },
  'stamp.by_phone': { admin: (s, m) => `${s} got ${stampsOf(m)} by phone number at the counter` },
  'stamp.referral_bonus': { admin: (s) => `${s} got a referral bonus stamp` },
  'stamp.automation_bonus': { admin: (s) => `${s} got an automation's bonus stamp` },
  'vendor.automation_saved': {
    admin: (s) => `Vendor ${s} changed an automation`,
    vendor: (m) =>
      `Automation ${quoted((AUTOMATION_LABELS as Record<string, string>)[String(m.kind)] ?? m.kind)} saved, ${m.enabled ? 'on' : 'off'}`,
  },
  'vendor.referrals_on': { admin: (s) => `Vendor ${s} switched referrals on`, vendor: () => 'Referrals switched on' },
  'vendor.referrals_off': {
    admin: (s) => `Vendor ${s} switched referrals off`,
    vendor: () => 'Referrals switched off',
  },
  'reward.redeem': { admin: (s) => `Reward ${s} redeemed` },
  'billing.subscription_changed': {
    admin: (s) => `Subscription of ${s} changed`,
    vendor: (m) =>
      `Subscription changed from ${planName(m.fromPlan)} (${text(m.fromStatus)}) to ${planName(m.toPlan)} (${text(m.toStatus)})`,
  },
  'billing.cancel_requested': {
    admin: (s) => `Cancellation of ${s}'s subscription requested`,
    vendor: () => 'Subscription cancellation requested',
  },
  'billing.resume_requested': { admin: (s) => `${s}'s subscription resumed`, vendor: () => 'Subscription resumed' },
  'billing.downgrade_scheduled': {
    admin: (s) => `Downgrade of ${s} scheduled`,
    vendor: (m) =>
      `Downgrade from ${planName(m.fromPlan)} to ${planName(m.toPlan)} scheduled for the end of the paid period`,
  },
  'seo.update': { admin: (s) => `SEO title and description of ${s} saved` },
  'seo.reset': { admin: (s) => `SEO title and description of ${s} reset` },
  'text.update': { admin: (s, m) => `Text ${s} changed${inTextLanguage(m.language)}` },
  'text.reset': { admin: (s, m) => `Text ${s} reset to its default${inTextLanguage(m.language)}` },
  'api_key.create': { admin: (s) => `API key ${s} created`, vendor: () => 'API key created' },
  'api_key.revoke': { admin: (s) => `API key ${s} revoked`, vendor: () => 'API key revoked' },
  'webhook_endpoint.create': {
    admin: (s) => `Webhook endpoint added for ${s}`,
    vendor: (m) => `Webhook endpoint ${text(m.url)} added`,
  },
  'webhook_endpoint.delete': {
    admin: (s) => `Webhook endpoint removed for ${s}`,
    vendor: (m) => `Webhook endpoint ${text(m.url)} removed`,
  },
  'staff.invite': {
    admin: (s) => `Staff invitation sent to ${s}`,
    vendor: (m) => `${text(m.email)} invited to join the team`,
  },
  'staff.invitation_revoke': {
    admin: (s) => `Staff invitation to ${s} withdrawn`,
    vendor: (m) => `Invitation to ${text(m.email)} withdrawn`,
  },
  'staff.join': { admin: (s) => `${s} joined a vendor's staff`, vendor: (m) => `${text(m.email)} joined the team` },
  'staff.remove': {
    admin: (s) => `${s} removed from a vendor's staff`,
    vendor: (m) => `${text(m.email)} removed from the team`,
  },
} satisfies Record<string, ActionText>;

export type AuditAction = keyof typeof AUDIT_ACTIONS;

export function isAuditAction(action: string): action is AuditAction {
  return Object.hasOwn(AUDIT_ACTIONS, action);
}

/** The vendor dashboard's sentence, or null for an action the vendor does not see. */
export function describeForVendor(action: string, metadata: Metadata): string | null {
  if (!isAuditAction(action)) return null;
  const entry: ActionText = AUDIT_ACTIONS[action];
  return entry.vendor ? entry.vendor(metadata) : null;
}

/** The admin feed's sentence about a named subject. */
export function describeForAdmin(action: string, subject: string, metadata: Metadata = {}): string {
  if (!isAuditAction(action))
    return `${action.replace(/[._]/g, ' ').replace(/^\w/, (char) => char.toUpperCase())}: ${subject}`;
  const entry: ActionText = AUDIT_ACTIONS[action];
  return entry.admin(subject, metadata);
}
