import { importPKCS8, SignJWT } from 'jose';
import type { GoogleWalletConfig } from '@server/config';
import { serverText } from '@server/lib/texts';
import { passCount, passLevel, type PassContent } from './wallet-passes';

/** Where the customer's browser saves a pass: Google's page, with the signed JWT in the address. */
export const GOOGLE_SAVE_URL = 'https://pay.google.com/gp/v/save/';
export const GOOGLE_WALLET_SCOPE = 'https://www.googleapis.com/auth/wallet_object.issuer';
const BRAND_COLOR = '#c2410c';
/** How long a Google answer may take before the job tries again on a later pass. */
const GOOGLE_TIMEOUT_MS = 10_000;

/** One loyalty class per card (issuer id, then our own suffix: Google's id rule). */
export function googleClassId(google: GoogleWalletConfig, cardId: string): string {
  return `${google.issuerId}.card-${cardId}`;
}

/** One loyalty object per held card's pass. */
export function googleObjectId(google: GoogleWalletConfig, passId: string): string {
  return `${google.issuerId}.pass-${passId}`;
}

export function googleLoyaltyClass(google: GoogleWalletConfig, content: PassContent, publicUrl: string) {
  return {
    id: googleClassId(google, content.cardId),
    issuerName: content.vendorName,
    programName: content.cardName,
    programLogo: {
      sourceUri: { uri: `${publicUrl}/og/site.png` },
      contentDescription: { defaultValue: { language: 'en-US', value: content.vendorName } },
    },
    hexBackgroundColor: BRAND_COLOR,
    reviewStatus: 'UNDER_REVIEW',
  };
}

/** What changes with a stamp or a reward: Google's PATCH sends these alone. */
export function googleObjectProgress(content: PassContent) {
  return {
    loyaltyPoints: {
      label: serverText(passCount(content).labelKey),
      balance: { string: passCount(content).value },
    },
    secondaryLoyaltyPoints: {
      label: serverText(content.rewardReady ? 'customer:wallet.pass.rewardReady' : 'customer:wallet.pass.reward'),
      balance: { string: content.rewardTitle },
    },
  };
}

export function googleLoyaltyObject(google: GoogleWalletConfig, content: PassContent) {
  return {
    id: googleObjectId(google, content.passId),
    classId: googleClassId(google, content.cardId),
    state: 'ACTIVE',
    accountId: content.passId,
    accountName: content.customerName,
    ...googleObjectProgress(content),
    barcode: { type: 'QR_CODE', value: content.barcode, alternateText: serverText('customer:wallet.pass.showCode') },
    textModulesData: googleObjectTexts(content),
    // The same pins as the Apple pass (decision 084): the card surfaces near any branch.
    ...(content.locations.length > 0
      ? { merchantLocations: content.locations.map(({ latitude, longitude }) => ({ latitude, longitude })) }
      : {}),
  };
}

function googleObjectTexts(content: PassContent) {
  const level = passLevel(content);
  return [
    // The customer's level on a tiered card (decision 087), first: it changes with their visits.
    ...(level
      ? [{ id: 'level', header: serverText('customer:wallet.pass.level'), body: serverText(level.key, level.values) }]
      : []),
    {
      id: 'address',
      header: serverText('customer:wallet.pass.address'),
      body: `${content.vendorAddress}, ${content.vendorCity}`,
    },
  ];
}

async function serviceAccountKey(google: GoogleWalletConfig) {
  return importPKCS8(google.serviceAccount.privateKey, 'RS256');
}

/**
 * "Save to Google Wallet": a JWT signed with the service account's key (RS256) carrying the
 * card's loyalty class and the held card's object; Google creates both when the customer saves.
 */
export async function googleSaveUrl(
  google: GoogleWalletConfig,
  content: PassContent,
  settings: { publicUrl: string; now: Date },
): Promise<string> {
  const jwt = await new SignJWT({
    typ: 'savetowallet',
    origins: [settings.publicUrl],
    payload: {
      loyaltyClasses: [googleLoyaltyClass(google, content, settings.publicUrl)],
      loyaltyObjects: [googleLoyaltyObject(google, content)],
    },
  })
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
    .setIssuer(google.serviceAccount.clientEmail)
    .setAudience('google')
    .setIssuedAt(Math.floor(settings.now.getTime() / 1000))
    .sign(await serviceAccountKey(google));
  return `${GOOGLE_SAVE_URL}${jwt}`;
}

interface CachedToken {
  token: string;
  expiresAt: number;
}
const tokens = new Map<string, CachedToken>();

/** An OAuth access token for the Wallet API (the service account's JWT bearer grant), kept until shortly before it expires. */
async function accessToken(google: GoogleWalletConfig, now: Date): Promise<string> {
  const cacheKey = `${google.serviceAccount.tokenUri} ${google.serviceAccount.clientEmail}`;
  const cached = tokens.get(cacheKey);
  if (cached && cached.expiresAt > now.getTime() + 60_000) return cached.token;
  const issuedAt = Math.floor(now.getTime() / 1000);
  const assertion = await new SignJWT({ scope: GOOGLE_WALLET_SCOPE })
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
    .setIssuer(google.serviceAccount.clientEmail)
    .setAudience(google.serviceAccount.tokenUri)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + 3600)
    .sign(await serviceAccountKey(google));
  const response = await fetch(google.serviceAccount.tokenUri, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion }),
    signal: AbortSignal.timeout(GOOGLE_TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`Google token request answered ${response.status}`);
  const body = (await response.json()) as { access_token?: string; expires_in?: number };
  if (!body.access_token) throw new Error('Google token response had no access_token');
  tokens.set(cacheKey, { token: body.access_token, expiresAt: now.getTime() + (body.expires_in ?? 3600) * 1000 });
  return body.access_token;
}

export type GoogleUpdateOutcome = 'updated' | 'not_saved' | 'retry' | 'refused';

/**
 * PATCH of one Wallet REST resource. 404: Google never saw it (the customer never saved the
 * pass), nothing to do. 5xx, 429, 401 or no answer: try again later. Another 4xx: refused.
 */
async function patchGoogle(
  google: GoogleWalletConfig,
  path: string,
  body: object,
  now: Date,
): Promise<GoogleUpdateOutcome> {
  let response: Response;
  try {
    const token = await accessToken(google, now);
    response = await fetch(`${google.apiUrl}/walletobjects/v1/${path}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(GOOGLE_TIMEOUT_MS),
    });
  } catch {
    return 'retry';
  }
  if (response.ok) return 'updated';
  if (response.status === 404) return 'not_saved';
  if (response.status === 401) tokens.clear();
  return response.status >= 500 || response.status === 429 || response.status === 401 ? 'retry' : 'refused';
}

/** Brings the customer's saved object up to date: stamps, reward and the vendor's address. */
export function updateGoogleObject(
  google: GoogleWalletConfig,
  content: PassContent,
  now: Date,
): Promise<GoogleUpdateOutcome> {
  return patchGoogle(
    google,
    `loyaltyObject/${encodeURIComponent(googleObjectId(google, content.passId))}`,
    { ...googleObjectProgress(content), textModulesData: googleObjectTexts(content) },
    now,
  );
}

/** Brings the card's class up to date: its name and its vendor's (decision 046). */
export function updateGoogleClass(
  google: GoogleWalletConfig,
  content: PassContent,
  publicUrl: string,
  now: Date,
): Promise<GoogleUpdateOutcome> {
  const { id, issuerName, programName, programLogo } = googleLoyaltyClass(google, content, publicUrl);
  return patchGoogle(google, `loyaltyClass/${encodeURIComponent(id)}`, { issuerName, programName, programLogo }, now);
}
