/**
 * The public vendor page's parameter that joins a card: a printed join code opens
 * /vendors/{slug}?join={cardId}, and sign-in carries it back. Kept dependency-free: the public
 * pages import it.
 */
export const JOIN_PARAM = 'join';
