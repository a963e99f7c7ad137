import { z } from 'zod';
import { cheapestPlanWith, planName } from '@shared/billing/plans';
import { fieldText } from '@shared/field-messages';
import { CARD_STATUSES } from './cards';

/**
 * Partner Cards (decision 023): one card honoured by several vendors who agree to it. The owner
 * invites, each partner accepts or declines and may leave later; the owner may remove a partner.
 */
export const PARTNER_STATUSES = ['invited', 'accepted', 'declined', 'left', 'removed'] as const;
export type PartnerStatus = (typeof PARTNER_STATUSES)[number];

export const PARTNER_STATUS_LABELS: Record<PartnerStatus, string> = {
  invited: 'Invited',
  accepted: 'Partner',
  declined: 'Declined',
  left: 'Left',
  removed: 'Removed',
};

export const invitePartnerSchema = z.object({
  partner: z
    .string({ error: 'Partner is required.' })
    .trim()
    .min(1, 'Partner is required: enter the vendor’s page address name or business name.')
    .max(120, 'Partner must be at most 120 characters.'),
});
export type InvitePartnerInput = z.infer<typeof invitePartnerSchema>;

export const partnerParamsSchema = z.object({
  id: z.uuid({ error: 'Loyalty card not found' }),
  vendorId: z.uuid({ error: 'Partner not found' }),
});

export const partnerCardParamsSchema = z.object({ cardId: z.uuid({ error: 'Loyalty card not found' }) });

export const PARTNER_RESPONSES = ['accept', 'decline', 'leave'] as const;
export const partnerResponseSchema = z.object({
  response: z.enum(PARTNER_RESPONSES, { error: 'Response must be accept, decline or leave.' }),
});

export const cardPartnerSchema = z.object({
  vendorId: z.string(),
  businessName: z.string(),
  slug: z.string(),
  status: z.enum(PARTNER_STATUSES),
  invitedAt: z.string(),
  respondedAt: z.string().nullable(),
});
export type CardPartner = z.infer<typeof cardPartnerSchema>;

/** One honouring vendor's share of the card, all time: stamps it issued and rewards it confirmed. */
export const partnerShareSchema = z.object({
  vendorId: z.string(),
  businessName: z.string(),
  stamps: z.number(),
  redemptions: z.number(),
});
export type PartnerShare = z.infer<typeof partnerShareSchema>;

export const cardPartnerListSchema = z.object({
  partners: z.array(cardPartnerSchema),
  /** The owner first, then every vendor that stamped or redeemed on the card, with totals. */
  shares: z.array(partnerShareSchema),
});
export type CardPartnerList = z.infer<typeof cardPartnerListSchema>;

/** A card another vendor invited this vendor to honour, as the partner sees it. */
export const partnerInvitationSchema = z.object({
  cardId: z.string(),
  cardName: z.string(),
  /** The card's own state: only an active card takes stamps. */
  cardStatus: z.enum(CARD_STATUSES),
  stampsRequired: z.number(),
  rewardTitle: z.string(),
  ownerName: z.string(),
  status: z.enum(PARTNER_STATUSES),
  invitedAt: z.string(),
});
export type PartnerInvitation = z.infer<typeof partnerInvitationSchema>;

export const partnerInvitationListSchema = z.object({
  /** Waiting for this vendor's answer. */
  invitations: z.array(partnerInvitationSchema),
  /** Accepted: the partner cards this vendor honours. */
  honouring: z.array(partnerInvitationSchema),
});
export type PartnerInvitationList = z.infer<typeof partnerInvitationListSchema>;

export const PARTNER_MESSAGES = {
  notFound:
    'No approved vendor goes by that name. Enter the name from its page address (for example karachi-chai-house) or its exact business name.',
  self: 'Your own business already honours this card.',
  duplicate: (name: string) => `${name} is already invited to this card or honours it.`,
  noInvitation: 'There is no invitation to answer for this card.',
  notPartner: 'Your business does not honour this card.',
} as const;

/** The plan refusal, worded like the other plan capabilities ("… come with the Standard plan and above."). */
export function partnerCardsLockedMessage(): string {
  return fieldText('forms:plan.partnerCardsLocked', { plan: planName(cheapestPlanWith('partnerCards')) });
}
