import type { SQL } from 'drizzle-orm';
import type { Executor } from '@server/db/client';

/*
 * What happens after a domain change, declared once (STYLE.md: a rule has one home). The domain
 * that changes something says what happened, as plain facts; the domains that follow it (the
 * Wallet passes, the vendor API's webhooks, the automations) register effects that turn the facts
 * into statements for the same transaction. So a stamp, a join, a redemption or a card edit names
 * none of the domains that react to it, and none of them imports back: the import graph stays a
 * tree of domains. The list is installed once, by the app (server/after-change-effects.ts).
 */

/** The customer as every follower names them: their id and first name. */
export interface ChangedCustomer {
  id: string;
  name: string;
}

export interface ChangedReward {
  id: string;
  rewardTitle: string;
  rewardValue: number;
}

/** What each change tells its followers. */
export interface Changes {
  /** A customer holds a card they did not hold: joined from the marketplace, or with their first stamp. */
  'card.joined': {
    card: { id: string; name: string; ownerVendorId: string };
    /** A partner's counter that added the card with its stamp; the owner otherwise. */
    atVendorId: string;
    userCardId: string;
    customer: ChangedCustomer;
    now: Date;
  };
  /** A stamp was written (a visit or a bonus), with the reward it earned on the last one. */
  'stamp.written': {
    stampId: string;
    issuedByVendorId: string;
    card: { id: string; name: string; ownerVendorId: string; stampsRequired: number };
    userCardId: string;
    customer: ChangedCustomer;
    stampsCollected: number;
    /** The stamps of the order (several for a family's order); stampId is the visit's own. */
    quantity: number;
    /** A points card's award: the bill (null for a bonus) and its points (decision 085). */
    points: { amount: number | null; points: number } | null;
    /** Every reward the stamp earned: a milestone's (its stamps) or the card's last. */
    rewards: (ChangedReward & { milestone: number })[];
    now: Date;
  };
  /** A reward was redeemed at a counter, its card started over when it has one. */
  'reward.redeemed': {
    reward: ChangedReward;
    redeemedByVendorId: string;
    ownerVendorId: string;
    card: { id: string; name: string };
    userCardId: string | null;
    customer: ChangedCustomer;
    now: Date;
  };
  /**
   * The shop reversed stamps of one customer's card (decision 086): they came off its count, and the
   * rewards the progress no longer reaches were withdrawn.
   */
  'stamp.reversed': {
    vendorId: string;
    card: { id: string; name: string };
    userCardId: string;
    customer: ChangedCustomer;
    stampIds: string[];
    stampsCollected: number;
    withdrawnRewardIds: string[];
    now: Date;
  };
  /**
   * A customer card's level changed outside a stamp or a reversal (decision 087): the nightly job
   * raised or lowered some (`userCardIds`), or the owner changed or turned off the card's tiers
   * (`cardId`: every holder's).
   */
  'tier.changed': ({ userCardIds: string[] } | { cardId: string }) & { now: Date };
  /** A reward expired unredeemed: its card no longer shows it as ready. */
  'reward.expired': { userCardId: string; now: Date };
  /** A card was created, edited, paused or activated, or deleted. */
  'card.changed': {
    card: {
      id: string;
      vendorId: string;
      name: string;
      cardType: string;
      status: string;
      stampsRequired: number;
      rewardTitle: string;
      rewardValue: number;
    };
    change: 'created' | 'edited' | 'status_changed' | 'deleted';
    /** The card's fields whose value changed (an edit). */
    changedFields: readonly string[];
    now: Date;
  };
  /** A vendor's own record changed (its profile). */
  'vendor.changed': { vendorId: string; changedFields: readonly string[]; now: Date };
}

export type ChangeKind = keyof Changes;

/** One follower: for each change it follows, the statements it adds to the change's transaction. */
export interface AfterChangeEffect {
  name: string;
  on: { [Kind in ChangeKind]?: (change: Changes[Kind]) => SQL[] };
}

let installed: readonly AfterChangeEffect[] | null = null;

/** The app's list of followers; installing it again replaces it. */
export function installAfterChangeEffects(effects: readonly AfterChangeEffect[]): void {
  installed = effects;
}

/**
 * Every follower's statements for one change, to travel inside a larger statement (the stamp's
 * one write). A change announced before the app installed its list is a programming error: it
 * would silently skip the passes and webhooks, so it stops here.
 */
export function afterChangeStatements<Kind extends ChangeKind>(kind: Kind, change: Changes[Kind]): SQL[] {
  if (!installed) throw new Error(`"${kind}" happened before the app installed its after-change effects`);
  return installed.flatMap((effect) => effect.on[kind]?.(change) ?? []);
}

/** Runs every follower's statements for one change inside the caller's transaction. */
export async function applyAfterChange<Kind extends ChangeKind>(
  tx: Executor,
  kind: Kind,
  change: Changes[Kind],
): Promise<void> {
  for (const statement of afterChangeStatements(kind, change)) await tx.execute(statement);
}
