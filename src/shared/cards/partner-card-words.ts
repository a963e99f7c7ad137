/**
 * Partner card wording of the vendor screens, apart from the schemas so pages load no zod. The
 * card tiles' "Honoured at: A, B, C" is the catalogue text common:card.honouredAt.
 */

/** The card picker's words for a partner card on the Issue Stamp screen. */
export function partnerCardOptionLabel(cardName: string, ownerName: string): string {
  return `${cardName} (partner card of ${ownerName})`;
}
