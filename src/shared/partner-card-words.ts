/** Partner card wording the screens share, apart from the schemas so public pages load no zod. */

/** "Honoured at: A, B, C": the owner first, then its accepted partners. */
export function honouredAtLine(names: readonly string[]): string {
  return `Honoured at: ${names.join(', ')}`;
}

/** The card picker's words for a partner card on the Issue Stamp screen. */
export function partnerCardOptionLabel(cardName: string, ownerName: string): string {
  return `${cardName} (partner card of ${ownerName})`;
}
