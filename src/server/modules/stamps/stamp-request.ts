import type { AuditActor } from '@server/lib/record-audit';
import type { AuditAction } from '@server/lib/audit-actions';
import type { StampKind } from '@shared/stamps/referrals';

/**
 * Who is stamping, which decides the words of a refusal: the customer scanning a counter code on
 * their phone, or the vendor's staff (or point of sale) scanning the customer's code.
 */
export type StampAudience = 'customer' | 'staff';

/** What was presented: the code, and how far one use of it reaches. */
export interface PresentedCode {
  /** Stored in stamps.qr_code: the kind and id of the code, never the code itself. */
  ref: string;
  /**
   * The code's key in consumed_codes: a second use of the same key fails, whoever tries. Callers
   * choose how far one use reaches (a counter code: the code; a customer code: code and card).
   */
  consumedKey: string;
  /** A counter code: the vendor's counter screens hear that it was used, to show the next at once. */
  counterCodeId?: string;
  /** Collected by the customer at the vendor's counter (its code, or one held while signing in): the counter tablet confirms it. */
  atCounter?: boolean;
  /** A demo code (demo mode only): it may stamp the demo vendors' cards and nothing else. */
  demo?: boolean;
  /** What the stamp is: a visit (every code) unless the product gives it as a bonus. */
  kind?: StampKind;
}

/** Who issues the stamp: the vendor the code or the staff member speaks for, and how it is recorded. */
export interface StampIssuer {
  vendorId: string;
  /** Stored in stamps.created_by. */
  userId: string | null;
  actor: AuditActor;
  auditAction: AuditAction;
  audience: StampAudience;
}

export interface StampCardInput {
  customerUserId: string;
  cardId: string;
  code: PresentedCode;
  issuer: StampIssuer;
  now: Date;
  /**
   * Stamps in this order (a family's four teas), within the issuing vendor's maxStampsPerVisit:
   * one visit for the card's interval, each stamp for the plan's monthly limit. Absent: one.
   */
  quantity?: number;
  /** A points card's bill in whole PKR (decision 085): its points come from it. Stamp cards take none. */
  amount?: number;
  /** The customer's browser when they scanned (referrals' same-device rule, decision 038). */
  device?: string;
  /** Where the stamp was given (decision 084): the counter code's branch. Absent: none named. */
  branchId?: string;
}

/** A reward a stamp earned: at which milestone (stamps), and whether it completes the card's round. */
export interface EarnedStampReward {
  id: string;
  rewardTitle: string;
  rewardValue: number;
  milestone: number;
  completesRound: boolean;
}

export interface StampOutcome {
  /** The visit's own stamp (an order for several writes the others beside it). */
  stamp: { id: string; issuedAt: Date };
  /** Stamps this order gave, and those of them beyond the card's reward, waiting for its next round. */
  quantity: number;
  carriedStamps: number;
  /** A points card's award: the bill and the points it gave (null on stamp cards). */
  points: { amount: number | null; points: number } | null;
  /** The last reward this award earned (a milestone's or the card's last), and all of them. */
  reward: EarnedStampReward | null;
  rewards: EarnedStampReward[];
  userCard: {
    id: string;
    cardId: string;
    cardName: string;
    vendorName: string;
    stampsCollected: number;
    stampsRequired: number;
    rewardTitle: string;
    status: 'active' | 'completed';
  };
  customer: { email: string; name: string };
  /**
   * The visit was a referred friend's first: a bonus stamp came with it (counted in userCard),
   * and the referrer got theirs, or theirs waits for their complete card to start over.
   */
  referralBonus: 'none' | 'given' | 'given_referrer_waits';
}
