import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { PKPass } from 'passkit-generator';
import { BRAND } from '@shared/brand';
import { vendorPagePath } from '@shared/marketplace/share';
import type { AppleWalletConfig } from '@server/config';
import { rootDir } from '@server/paths';
import { LANGUAGES, type Language } from '@shared/i18n/languages';
import { inTextLanguage, serverText } from '@server/lib/texts';
import { svgToPng } from '@server/modules/marketplace/render-png';
import { passAuthToken, passCount, passLevel, type PassContent } from './wallet-passes';

/** Where Apple's devices reach the pass web service; Apple appends `/v1/...`. */
export const APPLE_WEB_SERVICE_PATH = '/api/wallet/apple';

export const PKPASS_MEDIA_TYPE = 'application/vnd.apple.pkpass';

let icons: Promise<Record<string, Buffer>> | null = null;

/** The brand mark (the site's favicon) at the sizes Wallet asks for: icon and logo, 1x to 3x. */
function passImages(): Promise<Record<string, Buffer>> {
  icons ??= (async () => {
    const svg = await readFile(path.join(rootDir, 'src/client/public/favicon.svg'), 'utf8');
    const [icon, icon2x, icon3x, logo, logo2x] = await Promise.all(
      [29, 58, 87, 50, 100].map((width) => svgToPng(svg, width)),
    );
    return {
      'icon.png': icon!,
      'icon@2x.png': icon2x!,
      'icon@3x.png': icon3x!,
      'logo.png': logo!,
      'logo@2x.png': logo2x!,
    };
  })().catch((error: unknown) => {
    icons = null;
    throw error;
  });
  return icons;
}

type TextValues = Record<string, string | number>;

/**
 * The pass's words in every language we have. Wallet shows a pass in its phone's language, not
 * in the language of whoever downloaded it: pass.json carries each text in English, and each
 * `<language>.lproj/pass.strings` maps that English text to the language's own (English to
 * itself, so a phone in English picks English, not the only other folder).
 */
function passWords() {
  const used = new Map<string, { key: string; values?: TextValues }>();
  return {
    text(key: string, values?: TextValues): string {
      const english = inTextLanguage('en', () => serverText(key, values));
      used.set(english, { key, ...(values ? { values } : {}) });
      return english;
    },
    stringsIn(language: Language): Record<string, string> {
      return Object.fromEntries(
        [...used].map(([english, { key, values }]) => [
          stringsLiteral(english),
          stringsLiteral(inTextLanguage(language, () => serverText(key, values))),
        ]),
      );
    },
  };
}

/** A text as the inside of a .strings literal (passkit-generator writes `"key" = "value";` as given). */
function stringsLiteral(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
}

/**
 * pass.json of a held card: a store card with the vendor, stamps x of y and the reward, the
 * customer's code as the barcode, the web service that keeps it current, and the pins of the
 * shops that honour it, so the pass surfaces on the lock screen near them (decision 046; a shop
 * without a pin adds none, never its city's centre).
 */
function applePassJson(
  content: PassContent,
  settings: { apple: AppleWalletConfig; publicUrl: string; sessionSecret: string },
  words: ReturnType<typeof passWords>,
) {
  const { apple } = settings;
  const count = passCount(content);
  const level = passLevel(content);
  return {
    formatVersion: 1,
    passTypeIdentifier: apple.passTypeId,
    teamIdentifier: apple.teamId,
    serialNumber: content.passId,
    organizationName: BRAND.name,
    description: `${content.vendorName}: ${content.cardName}`,
    logoText: content.vendorName,
    backgroundColor: 'rgb(194, 65, 12)',
    foregroundColor: 'rgb(255, 255, 255)',
    labelColor: 'rgb(253, 230, 138)',
    webServiceURL: `${settings.publicUrl}${APPLE_WEB_SERVICE_PATH}`,
    authenticationToken: passAuthToken(settings.sessionSecret, content.passId),
    storeCard: {
      headerFields: [
        {
          key: 'stamps',
          label: words.text(count.labelKey),
          value: count.value,
          changeMessage: words.text('customer:wallet.pass.stampsChanged'),
        },
      ],
      primaryFields: [{ key: 'card', label: content.vendorName, value: content.cardName }],
      secondaryFields: [
        {
          key: 'reward',
          label: words.text(content.rewardReady ? 'customer:wallet.pass.rewardReady' : 'customer:wallet.pass.reward'),
          value: content.rewardTitle,
          ...(content.rewardReady ? { changeMessage: words.text('customer:wallet.pass.rewardReadyChanged') } : {}),
        },
      ],
      auxiliaryFields: [
        { key: 'customer', label: words.text('customer:wallet.pass.member'), value: content.customerName },
        ...(level === null
          ? []
          : [
              {
                key: 'level',
                label: words.text('customer:wallet.pass.level'),
                value: words.text(level.key, level.values),
                changeMessage: words.text('customer:wallet.pass.levelChanged'),
              },
            ]),
      ],
      backFields: [
        {
          key: 'address',
          label: words.text('customer:wallet.pass.address'),
          value: `${content.vendorAddress}, ${content.vendorCity}`,
        },
        ...(content.rewardDescription
          ? [
              {
                key: 'rewardDescription',
                label: words.text('customer:wallet.pass.aboutReward'),
                value: content.rewardDescription,
              },
            ]
          : []),
        { key: 'page', label: BRAND.name, value: `${settings.publicUrl}${vendorPagePath(content.vendorSlug)}` },
      ],
    },
    ...(content.locations.length > 0
      ? {
          locations: content.locations.map(({ latitude, longitude, vendorName }) => ({
            latitude,
            longitude,
            relevantText: words.text('customer:wallet.pass.nearby', { vendor: vendorName }),
          })),
        }
      : {}),
    barcodes: [
      {
        format: 'PKBarcodeFormatQR',
        message: content.barcode,
        messageEncoding: 'iso-8859-1',
        altText: words.text('customer:wallet.pass.showCode'),
      },
    ],
  };
}

/** The signed .pkpass archive: pass.json, the images, manifest.json and its PKCS#7 signature. */
export async function buildApplePass(
  content: PassContent,
  settings: { apple: AppleWalletConfig; publicUrl: string; sessionSecret: string },
): Promise<Buffer> {
  const { apple } = settings;
  const words = passWords();
  const passJson = applePassJson(content, settings, words);
  const pass = new PKPass(
    {
      ...(await passImages()),
      'pass.json': Buffer.from(JSON.stringify(passJson)),
    },
    {
      wwdr: apple.wwdr,
      signerCert: apple.certificate,
      signerKey: apple.key,
      ...(apple.keyPassphrase ? { signerKeyPassphrase: apple.keyPassphrase } : {}),
    },
  );
  for (const language of LANGUAGES) pass.localize(language, words.stringsIn(language));
  return pass.getAsBuffer();
}
