import { z } from 'zod';

/** Which Wallet buttons a held card shows: each only when the server has that wallet's keys. */
export const walletAvailabilitySchema = z.object({ apple: z.boolean(), google: z.boolean() });
export type WalletAvailability = z.infer<typeof walletAvailabilitySchema>;

export const walletCardParamsSchema = z.object({ userCardId: z.uuid({ error: 'Card not found.' }) });

/** The "Save to Google Wallet" address: Google's page with the signed pass in it. */
export const googleSaveLinkSchema = z.object({ saveUrl: z.url() });

/** Where the browser downloads a held card's Apple Wallet pass. */
export function applePassPath(userCardId: string): string {
  return `/api/wallet/cards/${encodeURIComponent(userCardId)}/apple.pkpass`;
}
