import { AUTOMATION_TEXT_KEYS } from '@shared/campaigns/automations';
import { isPlanId } from '@shared/billing/plans';
import { planName } from '@shared/billing/plan-texts';
import type { SUBSCRIPTION_STATUSES } from '@shared/vendors/vendors';
import { serverText } from '@server/lib/texts';

/**
 * Every action the audit log records, and how it reads as a sentence in the reader's language
 * (the admin and vendor catalogues, `audit.<action>`): for the admin's Recent Activity (about a
 * named business, card or person, {{subject}}) and, where the vendor sees it, for the vendor
 * dashboard (about its own business). `recordAudit` accepts only these actions, so a new action
 * cannot be recorded without its sentence.
 */
type Metadata = Record<string, unknown>;

interface ActionText {
  /** The admin feed's sentence. */
  admin: string;
  /** The vendor dashboard's; left out for actions the vendor does not see there. */
  vendor?: string;
}

export const AUDIT_ACTIONS = {
  'vendor.apply': { admin: 'admin:audit.vendor.apply', vendor: 'vendor:audit.vendor.apply' },
  'vendor.reapply': { admin: 'admin:audit.vendor.reapply', vendor: 'vendor:audit.vendor.reapply' },
  'vendor.approve': { admin: 'admin:audit.vendor.approve', vendor: 'vendor:audit.vendor.approve' },
  'vendor.reject': { admin: 'admin:audit.vendor.reject', vendor: 'vendor:audit.vendor.reject' },
  'vendor.suspend': { admin: 'admin:audit.vendor.suspend', vendor: 'vendor:audit.vendor.suspend' },
  'vendor.unsuspend': { admin: 'admin:audit.vendor.unsuspend', vendor: 'vendor:audit.vendor.unsuspend' },
  'vendor.admin_update': { admin: 'admin:audit.vendor.admin_update', vendor: 'vendor:audit.vendor.admin_update' },
  'vendor.profile_update': { admin: 'admin:audit.vendor.profile_update', vendor: 'vendor:audit.vendor.profile_update' },
  'vendor.kiosk_pin_set': { admin: 'admin:audit.vendor.kiosk_pin_set', vendor: 'vendor:audit.vendor.kiosk_pin_set' },
  'branch.add': { admin: 'admin:audit.branch.add', vendor: 'vendor:audit.branch.add' },
  'branch.update': { admin: 'admin:audit.branch.update', vendor: 'vendor:audit.branch.update' },
  'branch.archive': { admin: 'admin:audit.branch.archive', vendor: 'vendor:audit.branch.archive' },
  'branch.resume': { admin: 'admin:audit.branch.resume', vendor: 'vendor:audit.branch.resume' },
  'vendor.close': { admin: 'admin:audit.vendor.close', vendor: 'vendor:audit.vendor.close' },
  'vendor.export': { admin: 'admin:audit.vendor.export', vendor: 'vendor:audit.vendor.export' },
  'vendor.invite': { admin: 'admin:audit.vendor.invite' },
  'vendors.export_csv': { admin: 'admin:audit.vendors.export_csv' },
  'partner.invite': { admin: 'admin:audit.partner.invite', vendor: 'vendor:audit.partner.invite' },
  'partner.remove': { admin: 'admin:audit.partner.remove', vendor: 'vendor:audit.partner.remove' },
  'partner.accept': { admin: 'admin:audit.partner.accept', vendor: 'vendor:audit.partner.accept' },
  'partner.decline': { admin: 'admin:audit.partner.decline', vendor: 'vendor:audit.partner.decline' },
  'partner.leave': { admin: 'admin:audit.partner.leave', vendor: 'vendor:audit.partner.leave' },
  'card.create': { admin: 'admin:audit.card.create', vendor: 'vendor:audit.card.create' },
  'card.update': { admin: 'admin:audit.card.update', vendor: 'vendor:audit.card.update' },
  'card.activate': { admin: 'admin:audit.card.activate', vendor: 'vendor:audit.card.activate' },
  'card.pause': { admin: 'admin:audit.card.pause', vendor: 'vendor:audit.card.pause' },
  'card.archive': { admin: 'admin:audit.card.archive', vendor: 'vendor:audit.card.archive' },
  'card.delete': { admin: 'admin:audit.card.delete', vendor: 'vendor:audit.card.delete' },
  'card.admin_pause': { admin: 'admin:audit.card.admin_pause', vendor: 'vendor:audit.card.admin_pause' },
  'card.admin_remove': { admin: 'admin:audit.card.admin_remove', vendor: 'vendor:audit.card.admin_remove' },
  'card.admin_restore': { admin: 'admin:audit.card.admin_restore', vendor: 'vendor:audit.card.admin_restore' },
  'card.daily_chaska_create': {
    admin: 'admin:audit.card.daily_chaska_create',
    vendor: 'vendor:audit.card.daily_chaska_create',
  },
  'card.featured_order': { admin: 'admin:audit.card.featured_order', vendor: 'vendor:audit.card.featured_order' },
  'user.disable': { admin: 'admin:audit.user.disable' },
  'user.enable': { admin: 'admin:audit.user.enable' },
  'user.close': { admin: 'admin:audit.user.close' },
  'user.delete': { admin: 'admin:audit.user.delete' },
  'user.export': { admin: 'admin:audit.user.export' },
  'admin.grant': { admin: 'admin:audit.admin.grant' },
  'admin.revoke': { admin: 'admin:audit.admin.revoke' },
  'customer.sample_cards': { admin: 'admin:audit.customer.sample_cards' },
  'customer.message': { admin: 'admin:audit.customer.message', vendor: 'vendor:audit.customer.message' },
  'campaign.create': { admin: 'admin:audit.campaign.create', vendor: 'vendor:audit.campaign.create' },
  'campaign.cancel': { admin: 'admin:audit.campaign.cancel', vendor: 'vendor:audit.campaign.cancel' },
  'stamp.collect': { admin: 'admin:audit.stamp.collect' },
  'stamp.issue': { admin: 'admin:audit.stamp.issue' },
  'stamp.by_phone': { admin: 'admin:audit.stamp.by_phone' },
  'stamp.referral_bonus': { admin: 'admin:audit.stamp.referral_bonus' },
  'stamp.automation_bonus': { admin: 'admin:audit.stamp.automation_bonus' },
  'fraud_alert.dismiss': { admin: 'admin:audit.fraud_alert.dismiss', vendor: 'vendor:audit.fraud_alert.dismiss' },
  'fraud_alert.reverse': { admin: 'admin:audit.fraud_alert.reverse', vendor: 'vendor:audit.fraud_alert.reverse' },
  'vendor.fraud_rules_set': {
    admin: 'admin:audit.vendor.fraud_rules_set',
    vendor: 'vendor:audit.vendor.fraud_rules_set',
  },
  'vendor.automation_saved': {
    admin: 'admin:audit.vendor.automation_saved',
    vendor: 'vendor:audit.vendor.automation_saved',
  },
  'vendor.referrals_on': { admin: 'admin:audit.vendor.referrals_on', vendor: 'vendor:audit.vendor.referrals_on' },
  'vendor.referrals_off': { admin: 'admin:audit.vendor.referrals_off', vendor: 'vendor:audit.vendor.referrals_off' },
  'reward.redeem': { admin: 'admin:audit.reward.redeem' },
  'reward.choose': { admin: 'admin:audit.reward.choose' },
  'billing.subscription_changed': {
    admin: 'admin:audit.billing.subscription_changed',
    vendor: 'vendor:audit.billing.subscription_changed',
  },
  'billing.cancel_requested': {
    admin: 'admin:audit.billing.cancel_requested',
    vendor: 'vendor:audit.billing.cancel_requested',
  },
  'billing.resume_requested': {
    admin: 'admin:audit.billing.resume_requested',
    vendor: 'vendor:audit.billing.resume_requested',
  },
  'billing.downgrade_scheduled': {
    admin: 'admin:audit.billing.downgrade_scheduled',
    vendor: 'vendor:audit.billing.downgrade_scheduled',
  },
  'seo.update': { admin: 'admin:audit.seo.update' },
  'seo.reset': { admin: 'admin:audit.seo.reset' },
  'social.schedule_update': { admin: 'admin:audit.social.schedule_update' },
  'social.post_now': { admin: 'admin:audit.social.post_now' },
  'social.retry': { admin: 'admin:audit.social.retry' },
  'text.update': { admin: 'admin:audit.text.update' },
  'text.reset': { admin: 'admin:audit.text.reset' },
  'support.answer': { admin: 'admin:audit.support.answer' },
  'support.close': { admin: 'admin:audit.support.close' },
  'support.template_create': { admin: 'admin:audit.support.template_create' },
  'support.template_update': { admin: 'admin:audit.support.template_update' },
  'support.template_delete': { admin: 'admin:audit.support.template_delete' },
  'api_key.create': { admin: 'admin:audit.api_key.create', vendor: 'vendor:audit.api_key.create' },
  'api_key.revoke': { admin: 'admin:audit.api_key.revoke', vendor: 'vendor:audit.api_key.revoke' },
  'webhook_endpoint.create': {
    admin: 'admin:audit.webhook_endpoint.create',
    vendor: 'vendor:audit.webhook_endpoint.create',
  },
  'webhook_endpoint.delete': {
    admin: 'admin:audit.webhook_endpoint.delete',
    vendor: 'vendor:audit.webhook_endpoint.delete',
  },
  'staff.invite': { admin: 'admin:audit.staff.invite', vendor: 'vendor:audit.staff.invite' },
  'staff.invitation_revoke': {
    admin: 'admin:audit.staff.invitation_revoke',
    vendor: 'vendor:audit.staff.invitation_revoke',
  },
  'staff.join': { admin: 'admin:audit.staff.join', vendor: 'vendor:audit.staff.join' },
  'staff.remove': { admin: 'admin:audit.staff.remove', vendor: 'vendor:audit.staff.remove' },
  'staff.branches': { admin: 'admin:audit.staff.branches', vendor: 'vendor:audit.staff.branches' },
} satisfies Record<string, ActionText>;

export type AuditAction = keyof typeof AUDIT_ACTIONS;

export function isAuditAction(action: string): action is AuditAction {
  return Object.hasOwn(AUDIT_ACTIONS, action);
}

const STATUS_TEXT = {
  active: 'vendor:subscriptionStatus.active',
  past_due: 'vendor:subscriptionStatus.pastDue',
  canceled: 'vendor:subscriptionStatus.canceled',
  inactive: 'vendor:subscriptionStatus.inactive',
} as const satisfies Record<(typeof SUBSCRIPTION_STATUSES)[number], string>;

/** The words an entry's metadata gives its sentence; each sentence uses the ones it names. */
function valuesOf(metadata: Metadata): Record<string, string | number> {
  const text = (value: unknown) => (typeof value === 'string' && value ? value : serverText('vendor:audit.someone'));
  const plan = (value: unknown) =>
    typeof value === 'string' && isPlanId(value) ? planName(value, serverText) : serverText('vendor:audit.anotherPlan');
  const status = (value: unknown) =>
    typeof value === 'string' && Object.hasOwn(STATUS_TEXT, value)
      ? serverText(STATUS_TEXT[value as keyof typeof STATUS_TEXT])
      : text(value);
  const automation = (AUTOMATION_TEXT_KEYS as Record<string, { name: string }>)[String(metadata.kind)];
  return {
    name: text(metadata.name),
    partner: text(metadata.partnerName),
    card: text(metadata.cardName),
    email: text(metadata.email),
    url: text(metadata.url),
    campaign: text(metadata.subject),
    reason: text(metadata.reason),
    automation: automation ? serverText(automation.name) : text(metadata.kind),
    state: serverText(metadata.enabled ? 'vendor:audit.on' : 'vendor:audit.off'),
    fromPlan: plan(metadata.fromPlan),
    toPlan: plan(metadata.toPlan),
    fromStatus: status(metadata.fromStatus),
    toStatus: status(metadata.toStatus),
    // An order of several stamps (the stamp's metadata.quantity): "4 stamps".
    count: typeof metadata.quantity === 'number' && metadata.quantity > 1 ? metadata.quantity : 1,
    // Which language's text an override changed (entries before decision 047 name none).
    inLanguage:
      metadata.language === 'ur'
        ? serverText('admin:audit.inUrdu')
        : metadata.language === 'en'
          ? serverText('admin:audit.inEnglish')
          : '',
  };
}

/** The vendor dashboard's sentence, or null for an action the vendor does not see. */
export function describeForVendor(action: string, metadata: Metadata): string | null {
  if (!isAuditAction(action)) return null;
  const entry: ActionText = AUDIT_ACTIONS[action];
  return entry.vendor ? serverText(entry.vendor, valuesOf(metadata)) : null;
}

/** The admin feed's sentence about a named subject. */
export function describeForAdmin(action: string, subject: string, metadata: Metadata = {}): string {
  if (!isAuditAction(action))
    return serverText('admin:audit.unknownAction', {
      action: action.replace(/[._]/g, ' ').replace(/^\w/, (char) => char.toUpperCase()),
      subject,
    });
  return serverText(AUDIT_ACTIONS[action].admin, { ...valuesOf(metadata), subject });
}
