import { createHash, randomUUID, verify } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { createSecureServer, type Http2SecureServer, type ServerHttp2Stream } from 'node:http2';
import type { AddressInfo } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { and, eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { decodeJwt, importSPKI, jwtVerify } from 'jose';
import forge from 'node-forge';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceCodeAt } from '@shared/stamps/device-codes';
import {
  branches,
  cardPartners,
  devices,
  loyaltyCards,
  pushSubscriptions,
  rewards,
  userCards,
  users,
  vendors,
  walletPassRegistrations,
  walletPasses,
} from '@server/db/schema';
import { testConfig, useTestApp } from '@server/test/build-test-app';
import { createVendor, signUpUser, type SignedInUser } from '@server/test/factories';
import {
  collectStamps,
  customerCodeOf,
  redeemAtCounter,
  setUpVendorWithCard,
  type VendorSetup,
} from '@server/modules/stamps/stamp-test-helpers';
import { signUpAdmin } from '@server/test/admin-test-helpers';
import { runDueJobs } from '@server/background-jobs';
import { pushWalletUpdates } from './push-wallet-updates';
import type { TierRule } from '@shared/cards/earn-rules';
import { recomputeTierLevels } from '@server/modules/cards/card-tiers';
import { passAuthToken, passCount, passLevel } from './wallet-passes';
import { makeWalletTestKeys } from './wallet-test-keys';
import { callAs } from '@server/modules/vendors/vendor-test-helpers';

const PASS_TYPE = 'pass.pk.chaska.test';
const ISSUER_ID = '3388000000022222222';
const CLIENT_EMAIL = 'wallet@chaska-test.iam.gserviceaccount.com';
const keys = makeWalletTestKeys(PASS_TYPE);

/** What the local APNs stand-in received: one entry per push. */
interface ApnsPush {
  path: string;
  topic: string | undefined;
  pushType: string | undefined;
  body: string;
  clientCertificateSubject: string | undefined;
}
const apnsPushes: ApnsPush[] = [];
/** Push tokens of devices that no longer hold the pass: the stand-in answers 410, as APNs does. */
const GONE_TOKEN = 'gone0000token';

/** What the local Google stand-in received. */
const googleTokenRequests: Array<{ grantType: string | null; assertion: string | null }> = [];
const googlePatches: Array<{ path: string; authorization: string | undefined; body: Record<string, unknown> }> = [];

let apns: Http2SecureServer;
let google: Server;
const overrides: Record<string, string> = {
  APPLE_PASS_TYPE_ID: PASS_TYPE,
  APPLE_TEAM_ID: 'ABCDE12345',
  APPLE_PASS_CERT: keys.certificatePem,
  APPLE_PASS_KEY: keys.keyPem,
  APPLE_WWDR_CERT: keys.wwdrPem,
  GOOGLE_WALLET_ISSUER_ID: ISSUER_ID,
};

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => resolve(body));
  });
}

beforeAll(async () => {
  // APNs: HTTP/2 over TLS, asking for the client's certificate (certificate authentication).
  apns = createSecureServer({
    key: keys.localServer.keyPem,
    cert: keys.localServer.certificatePem,
    ca: [keys.wwdrPem],
    requestCert: true,
    rejectUnauthorized: true,
  });
  apns.on('stream', (stream: ServerHttp2Stream, headers) => {
    let body = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => (body += chunk));
    stream.on('end', () => {
      const socket = stream.session?.socket as TLSSocket | undefined;
      const path = String(headers[':path']);
      apnsPushes.push({
        path,
        topic: headers['apns-topic'] as string | undefined,
        pushType: headers['apns-push-type'] as string | undefined,
        body,
        clientCertificateSubject: String(socket?.getPeerCertificate().subject?.CN),
      });
      if (path.endsWith(`/${GONE_TOKEN}`)) {
        stream.respond({ ':status': 410, 'content-type': 'application/json' });
        stream.end(JSON.stringify({ reason: 'Unregistered' }));
      } else {
        stream.respond({ ':status': 200 });
        stream.end();
      }
    });
  });
  await new Promise<void>((resolve) => apns.listen(0, '127.0.0.1', resolve));
  overrides.APNS_URL = `https://localhost:${(apns.address() as AddressInfo).port}`;

  google = createServer((request, response) => {
    void readBody(request).then((body) => {
      if (request.method === 'POST' && request.url === '/token') {
        const form = new URLSearchParams(body);
        googleTokenRequests.push({ grantType: form.get('grant_type'), assertion: form.get('assertion') });
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ access_token: 'test-access-token', expires_in: 3600, token_type: 'Bearer' }));
        return;
      }
      if (request.method === 'PATCH' && request.url?.startsWith('/walletobjects/v1/loyalty')) {
        googlePatches.push({
          path: request.url,
          authorization: request.headers.authorization,
          body: JSON.parse(body) as Record<string, unknown>,
        });
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(body);
        return;
      }
      response.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => google.listen(0, '127.0.0.1', resolve));
  const googleUrl = `http://127.0.0.1:${(google.address() as AddressInfo).port}`;
  overrides.GOOGLE_WALLET_API_URL = googleUrl;
  overrides.GOOGLE_WALLET_SERVICE_ACCOUNT = JSON.stringify({
    type: 'service_account',
    client_email: CLIENT_EMAIL,
    private_key: keys.googleKeyPem,
    token_uri: `${googleUrl}/token`,
  });
});

afterAll(async () => {
  await new Promise((resolve) => apns?.close(resolve));
  await new Promise((resolve) => google?.close(resolve));
});

const context = useTestApp(overrides);

let setup: VendorSetup;
let customer: SignedInUser;
let userCardId: string;

beforeAll(async () => {
  setup = await setUpVendorWithCard(context.app, context.database.db, { stampsRequired: 5 });
  customer = await signUpUser(context.app, { name: 'Zara' });
  await collectStamps(context.app, setup, customer.cookie, 3);
  const [held] = await context.database.db
    .select({ id: userCards.id })
    .from(userCards)
    .where(eq(userCards.userId, customer.id));
  userCardId = held!.id;
});

function downloadPass(cookie: string, id = userCardId) {
  return context.app.inject({ method: 'GET', url: `/api/wallet/cards/${id}/apple.pkpass`, headers: { cookie } });
}

async function passOf(): Promise<{ serial: string; token: string }> {
  const [pass] = await context.database.db
    .select({ id: walletPasses.id })
    .from(walletPasses)
    .where(eq(walletPasses.userCardId, userCardId));
  return { serial: pass!.id, token: passAuthToken(context.config.sessionSecret, pass!.id) };
}

/** Verifies a detached PKCS#7 signature (RFC 2315 signedData with authenticated attributes) over `content`. */
function verifyDetachedSignature(signature: Uint8Array, content: Uint8Array, signerPem: string, caPem: string) {
  const der = forge.util.createBuffer(Buffer.from(signature).toString('binary'));
  const message = forge.pkcs7.messageFromAsn1(forge.asn1.fromDer(der)) as forge.pkcs7.PkcsSignedData & {
    rawCapture: { signerInfos: forge.asn1.Asn1[] };
  };
  // The signer's certificate travels in the signature and was issued by the (test) WWDR.
  const embedded = message.certificates.map((certificate) => forge.pki.certificateToPem(certificate));
  expect(embedded.map((pem) => pem.replace(/\r/g, ''))).toContain(signerPem.replace(/\r/g, ''));
  const ca = forge.pki.certificateFromPem(caPem);
  expect(ca.verify(forge.pki.certificateFromPem(signerPem))).toBe(true);

  const [signerInfo] = message.rawCapture.signerInfos;
  const parts = signerInfo!.value as forge.asn1.Asn1[];
  const digestOid = forge.asn1.derToOid(((parts[2]!.value as forge.asn1.Asn1[])[0]!.value as string) ?? '');
  const hash = { '1.3.14.3.2.26': 'sha1', '2.16.840.1.101.3.4.2.1': 'sha256' }[digestOid];
  expect(hash).toBeDefined();
  const attributes = parts.find((part) => part.tagClass === forge.asn1.Class.CONTEXT_SPECIFIC && part.type === 0)!;
  // The messageDigest attribute is the hash of the manifest.
  const digestAttribute = (attributes.value as forge.asn1.Asn1[]).find(
    (attribute) =>
      forge.asn1.derToOid((attribute.value as forge.asn1.Asn1[])[0]!.value as string) === '1.2.840.113549.1.9.4',
  )!;
  const digest =
    (((digestAttribute.value as forge.asn1.Asn1[])[1]!.value as forge.asn1.Asn1[])[0]!.value as string) ?? '';
  expect(Buffer.from(digest, 'binary').toString('hex')).toBe(createHash(hash!).update(content).digest('hex'));
  // The signature is over the attributes as a DER SET.
  const signed = forge.asn1.toDer(
    forge.asn1.create(forge.asn1.Class.UNIVERSAL, forge.asn1.Type.SET, true, attributes.value as forge.asn1.Asn1[]),
  );
  const encryptedDigest = parts.find(
    (part, index) =>
      index > 3 && part.tagClass === forge.asn1.Class.UNIVERSAL && part.type === forge.asn1.Type.OCTETSTRING,
  )!;
  return verify(
    hash!,
    Buffer.from(signed.getBytes(), 'binary'),
    signerPem,
    Buffer.from(encryptedDigest.value as string, 'binary'),
  );
}

describe('wallet settings', () => {
  it('names the missing settings and turns a wallet off without them', () => {
    const config = testConfig();
    expect(config.wallet.apple).toBeUndefined();
    expect(config.wallet.google).toBeUndefined();
    expect(config.wallet.missing.apple).toEqual([
      'APPLE_PASS_TYPE_ID',
      'APPLE_TEAM_ID',
      'APPLE_PASS_CERT',
      'APPLE_PASS_KEY',
      'APPLE_WWDR_CERT',
    ]);
    expect(config.wallet.missing.google).toEqual(['GOOGLE_WALLET_ISSUER_ID', 'GOOGLE_WALLET_SERVICE_ACCOUNT']);
    expect(() => testConfig({ GOOGLE_WALLET_ISSUER_ID: '1', GOOGLE_WALLET_SERVICE_ACCOUNT: '{"x":1}' })).toThrow(
      /GOOGLE_WALLET_SERVICE_ACCOUNT/,
    );
  });

  it('tells the customer which buttons to show, and signed-out visitors nothing', async () => {
    const answer = await callAs(context.app, customer.cookie, 'GET', '/api/wallet');
    expect(answer.json()).toEqual({ apple: true, google: true });
    expect((await context.app.inject({ method: 'GET', url: '/api/wallet' })).statusCode).toBe(401);
  });
});

describe('Add to Apple Wallet', () => {
  it('downloads a signed pass: the vendor, stamps x of y, the reward and the customer code', async () => {
    const response = await downloadPass(customer.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.apple.pkpass');
    expect(response.headers['content-disposition']).toContain('.pkpass');

    const files = unzipSync(new Uint8Array(response.rawPayload));
    const names = Object.keys(files).sort();
    expect(names).toEqual(expect.arrayContaining(['icon.png', 'manifest.json', 'pass.json', 'signature']));
    const manifest = JSON.parse(Buffer.from(files['manifest.json']!).toString('utf8')) as Record<string, string>;
    // The manifest names every file but itself and the signature, each with its SHA-1.
    expect(Object.keys(manifest).sort()).toEqual(
      names.filter((name) => name !== 'manifest.json' && name !== 'signature'),
    );
    for (const [name, hash] of Object.entries(manifest)) {
      expect(createHash('sha1').update(files[name]!).digest('hex')).toBe(hash);
    }
    expect(verifyDetachedSignature(files.signature!, files['manifest.json']!, keys.certificatePem, keys.wwdrPem)).toBe(
      true,
    );

    const pass = JSON.parse(Buffer.from(files['pass.json']!).toString('utf8'));
    const { serial, token } = await passOf();
    expect(pass).toMatchObject({
      passTypeIdentifier: PASS_TYPE,
      teamIdentifier: 'ABCDE12345',
      serialNumber: serial,
      authenticationToken: token,
      webServiceURL: 'http://localhost:3000/api/wallet/apple',
      logoText: setup.vendor.businessName,
    });
    expect(pass.storeCard.headerFields[0]).toMatchObject({ label: 'Stamps', value: '3 / 5' });
    expect(pass.storeCard.primaryFields[0]).toMatchObject({ label: setup.vendor.businessName, value: 'Test Card' });
    expect(pass.storeCard.secondaryFields[0]).toMatchObject({ label: 'Reward', value: 'Free Chai' });
    expect(pass.barcodes[0]).toMatchObject({ format: 'PKBarcodeFormatQR' });
    expect(pass.barcodes[0].message).toMatch(/^CHK1\.w\./);
    // The shop has placed no pin: no locations, never its city's centre.
    expect(pass.locations).toBeUndefined();
  });

  it("speaks the phone's language: Urdu and English pass.strings for pass.json's texts, signed with it", async () => {
    // Downloaded from an Urdu page; Wallet picks the language by the phone's, from these folders.
    const response = await downloadPass(`${customer.cookie}; chaska_lang=ur`);
    expect(response.statusCode).toBe(200);
    const files = unzipSync(new Uint8Array(response.rawPayload));
    expect(Object.keys(files)).toEqual(expect.arrayContaining(['ur.lproj/pass.strings', 'en.lproj/pass.strings']));
    const manifest = JSON.parse(Buffer.from(files['manifest.json']!).toString('utf8')) as Record<string, string>;
    for (const name of ['ur.lproj/pass.strings', 'en.lproj/pass.strings', 'pass.json']) {
      expect(createHash('sha1').update(files[name]!).digest('hex')).toBe(manifest[name]);
    }
    expect(verifyDetachedSignature(files.signature!, files['manifest.json']!, keys.certificatePem, keys.wwdrPem)).toBe(
      true,
    );

    const strings = (name: string) =>
      Object.fromEntries(
        [
          ...Buffer.from(files[name]!)
            .toString('utf8')
            .matchAll(/^"((?:[^"\\]|\\.)*)" = "((?:[^"\\]|\\.)*)";$/gm),
        ].map((match) => [match[1], match[2]]),
      );
    const urdu = strings('ur.lproj/pass.strings');
    const pass = JSON.parse(Buffer.from(files['pass.json']!).toString('utf8'));
    // pass.json's texts are the keys, the same whoever downloaded it.
    expect(pass.storeCard.headerFields[0]).toMatchObject({ label: 'Stamps', changeMessage: 'Stamps: %@' });
    expect(urdu).toMatchObject({
      Stamps: 'اسٹیمپ',
      'Stamps: %@': 'اسٹیمپ: %@',
      Reward: 'انعام',
      Member: 'ممبر',
      Address: 'پتہ',
      'Show this code at the counter': 'یہ کوڈ کاؤنٹر پر دکھائیں',
    });
    const labels = [
      pass.storeCard.headerFields[0].label,
      pass.storeCard.secondaryFields[0].label,
      pass.storeCard.auxiliaryFields[0].label,
      pass.barcodes[0].altText,
    ];
    expect(labels.every((label: string) => label in urdu)).toBe(true);
    expect(strings('en.lproj/pass.strings')).toMatchObject({ Stamps: 'Stamps', Reward: 'Reward' });
  });

  it('carries the pins of the shops that honour the card, the owner first, so it surfaces near them', async () => {
    const db = context.database.db;
    const partner = await createVendor(db, { businessName: 'Gulberg Partner Cafe', status: 'approved' });
    const unpinnedPartner = await createVendor(db, { status: 'approved' });
    await db.insert(cardPartners).values(
      [partner, unpinnedPartner].map((vendor) => ({
        cardId: setup.card.id,
        vendorId: vendor.id,
        status: 'accepted',
        invitedAt: context.clock.now(),
      })),
    );
    await db.update(vendors).set({ latitude: 31.520_37, longitude: 74.358_75 }).where(eq(vendors.id, setup.vendor.id));
    await db.update(vendors).set({ latitude: 31.51, longitude: 74.345 }).where(eq(vendors.id, partner.id));
    try {
      const files = unzipSync(new Uint8Array((await downloadPass(customer.cookie)).rawPayload));
      const pass = JSON.parse(Buffer.from(files['pass.json']!).toString('utf8'));
      expect(pass.locations).toEqual([
        {
          latitude: 31.520_37,
          longitude: 74.358_75,
          relevantText: `${setup.vendor.businessName} is nearby: show this card at the counter`,
        },
        {
          latitude: 31.51,
          longitude: 74.345,
          relevantText: 'Gulberg Partner Cafe is nearby: show this card at the counter',
        },
      ]);
    } finally {
      await db.delete(cardPartners).where(eq(cardPartners.cardId, setup.card.id));
      await db.update(vendors).set({ latitude: null, longitude: null }).where(eq(vendors.id, setup.vendor.id));
    }
  });

  it("carries every open branch's pin, nearest to the customer's city first, on Apple and Google alike (decision 084)", async () => {
    const db = context.database.db;
    await db.update(vendors).set({ latitude: 31.520_37, longitude: 74.358_75 }).where(eq(vendors.id, setup.vendor.id));
    const branchRow = (name: string, latitude: number, longitude: number) => ({
      vendorId: setup.vendor.id,
      name,
      address: '1 Shahrah-e-Faisal',
      city: 'Karachi' as const,
      area: 'PECHS',
      latitude,
      longitude,
      phone: '+92 21 111 222 333',
    });
    await db
      .insert(branches)
      .values([
        branchRow('Clifton', 24.8138, 67.03),
        { ...branchRow('Closed down', 24.9, 67.1), archivedAt: context.clock.now() },
        { ...branchRow('Over the plan', 24.91, 67.11), status: 'paused' as const },
      ]);
    await db.update(users).set({ city: 'Karachi' }).where(eq(users.id, customer.id));
    try {
      const files = unzipSync(new Uint8Array((await downloadPass(customer.cookie)).rawPayload));
      const pass = JSON.parse(Buffer.from(files['pass.json']!).toString('utf8'));
      expect(pass.locations).toEqual([
        {
          latitude: 24.8138,
          longitude: 67.03,
          relevantText: `${setup.vendor.businessName}, Clifton is nearby: show this card at the counter`,
        },
        {
          latitude: 31.520_37,
          longitude: 74.358_75,
          relevantText: `${setup.vendor.businessName} is nearby: show this card at the counter`,
        },
      ]);
      const google = await context.app.inject({
        method: 'POST',
        url: `/api/wallet/cards/${userCardId}/google`,
        headers: { cookie: customer.cookie, 'content-type': 'application/json' },
        payload: '{}',
      });
      const jwt = (google.json() as { saveUrl: string }).saveUrl.split('/').pop()!;
      const object = (decodeJwt(jwt).payload as { loyaltyObjects: Array<Record<string, unknown>> }).loyaltyObjects[0];
      expect(object!.merchantLocations).toEqual([
        { latitude: 24.8138, longitude: 67.03 },
        { latitude: 31.520_37, longitude: 74.358_75 },
      ]);
    } finally {
      await db.delete(branches).where(and(eq(branches.vendorId, setup.vendor.id), eq(branches.isMain, false)));
      await db.update(users).set({ city: null }).where(eq(users.id, customer.id));
      await db.update(vendors).set({ latitude: null, longitude: null }).where(eq(vendors.id, setup.vendor.id));
    }
  });

  it('the barcode is the customer code: staff scan it and stamp the card', async () => {
    const files = unzipSync(new Uint8Array((await downloadPass(customer.cookie)).rawPayload));
    const barcode = JSON.parse(Buffer.from(files['pass.json']!).toString('utf8')).barcodes[0].message as string;
    const lookup = await callAs(context.app, setup.owner.cookie, 'POST', '/api/vendor/stamps/lookup', {
      customerCode: barcode,
    });
    expect(lookup.statusCode).toBe(200);
    expect(lookup.json().customer.name).toBe('Zara');
    const stamped = await callAs(context.app, setup.owner.cookie, 'POST', '/api/vendor/stamps', {
      customerCode: barcode,
      cardId: setup.card.id,
    });
    expect(stamped.statusCode).toBe(200);
    // A double scan within the minute gives one stamp.
    const again = await callAs(context.app, setup.owner.cookie, 'POST', '/api/vendor/stamps', {
      customerCode: barcode,
      cardId: setup.card.id,
    });
    expect(again.statusCode).toBe(409);
    const [held] = await context.database.db.select().from(userCards).where(eq(userCards.id, userCardId));
    expect(held!.stampsCollected).toBe(4);
  });

  it('is the holder’s alone: another customer and signed-out visitors get no pass', async () => {
    const other = await signUpUser(context.app, { name: 'Bilal' });
    expect((await downloadPass(other.cookie)).statusCode).toBe(404);
    expect(
      (await context.app.inject({ method: 'GET', url: `/api/wallet/cards/${userCardId}/apple.pkpass` })).statusCode,
    ).toBe(401);
    expect((await downloadPass(customer.cookie, 'not-a-card')).statusCode).toBe(400);
  });
});

describe('Apple pass web service', () => {
  const device = 'device0123456789abcdef';
  const registrationUrl = (serial: string, passType = PASS_TYPE, deviceId = device) =>
    `/api/wallet/apple/v1/devices/${deviceId}/registrations/${passType}/${serial}`;

  it('registers a device with the pass token: 201, then 200; a wrong token or serial is 401', async () => {
    const { serial, token } = await passOf();
    const register = (url: string, authorization?: string) =>
      context.app.inject({
        method: 'POST',
        url,
        headers: authorization ? { authorization } : {},
        payload: { pushToken: 'push0000token' },
      });
    expect((await register(registrationUrl(serial), `ApplePass ${token}`)).statusCode).toBe(201);
    expect((await register(registrationUrl(serial), `ApplePass ${token}`)).statusCode).toBe(200);
    expect((await register(registrationUrl(serial), 'ApplePass wrong-token')).statusCode).toBe(401);
    expect((await register(registrationUrl(serial))).statusCode).toBe(401);
    expect((await register(registrationUrl(randomUUID()), `ApplePass ${token}`)).statusCode).toBe(401);
    expect((await register(registrationUrl(serial, 'pass.other.type'), `ApplePass ${token}`)).statusCode).toBe(401);
    const bad = await context.app.inject({
      method: 'POST',
      url: registrationUrl(serial),
      headers: { authorization: `ApplePass ${token}` },
      payload: { pushToken: '' },
    });
    expect(bad.statusCode).toBe(400);
    const rows = await context.database.db.select().from(walletPassRegistrations);
    expect(rows).toEqual([
      expect.objectContaining({ deviceLibraryId: device, pushToken: 'push0000token', userId: customer.id }),
    ]);
  });

  it('lists the serials updated since a tag: 200 with a new tag, 204 when nothing changed', async () => {
    const { serial } = await passOf();
    const list = (query = '', deviceId = device) =>
      context.app.inject({
        method: 'GET',
        url: `/api/wallet/apple/v1/devices/${deviceId}/registrations/${PASS_TYPE}${query}`,
      });
    const first = await list();
    expect(first.statusCode).toBe(200);
    const { serialNumbers, lastUpdated } = first.json() as { serialNumbers: string[]; lastUpdated: string };
    expect(serialNumbers).toEqual([serial]);
    expect((await list(`?passesUpdatedSince=${lastUpdated}`)).statusCode).toBe(204);
    expect((await list('', 'unknown-device')).statusCode).toBe(204);
    expect((await list('?passesUpdatedSince=yesterday')).statusCode).toBe(400);

    context.clock.advance(60 * 60 * 1000);
    await collectStamps(context.app, setup, customer.cookie, 1);
    const changed = await list(`?passesUpdatedSince=${lastUpdated}`);
    expect(changed.statusCode).toBe(200);
    expect(changed.json().serialNumbers).toEqual([serial]);
    expect(Number(changed.json().lastUpdated)).toBeGreaterThan(Number(lastUpdated));
  });

  it('sends the latest pass with Last-Modified, 304 when unchanged, 401 with a wrong token or serial', async () => {
    const { serial, token } = await passOf();
    const latest = (headers: Record<string, string>, id = serial) =>
      context.app.inject({ method: 'GET', url: `/api/wallet/apple/v1/passes/${PASS_TYPE}/${id}`, headers });
    const response = await latest({ authorization: `ApplePass ${token}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.apple.pkpass');
    const lastModified = response.headers['last-modified'] as string;
    expect(lastModified).toBeTruthy();
    const pass = JSON.parse(Buffer.from(unzipSync(new Uint8Array(response.rawPayload))['pass.json']!).toString('utf8'));
    expect(pass.storeCard.headerFields[0].value).toBe('5 / 5');
    expect(pass.storeCard.secondaryFields[0]).toMatchObject({ label: 'Reward ready', value: 'Free Chai' });

    expect((await latest({ authorization: `ApplePass ${token}`, 'if-modified-since': lastModified })).statusCode).toBe(
      304,
    );
    const older = new Date(Date.parse(lastModified) - 1000).toUTCString();
    expect((await latest({ authorization: `ApplePass ${token}`, 'if-modified-since': older })).statusCode).toBe(200);
    expect((await latest({ authorization: 'ApplePass nope' })).statusCode).toBe(401);
    expect((await latest({})).statusCode).toBe(401);
    expect((await latest({ authorization: `ApplePass ${token}` }, randomUUID())).statusCode).toBe(401);
  });

  it('takes the device log', async () => {
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/wallet/apple/v1/log',
      payload: { logs: ['Web service error for pass.pk.chaska.test: nothing'] },
    });
    expect(response.statusCode).toBe(200);
    expect(
      (await context.app.inject({ method: 'POST', url: '/api/wallet/apple/v1/log', payload: { logs: 'x' } }))
        .statusCode,
    ).toBe(400);
  });

  it('unregisters a device: 200, and 401 with a wrong token', async () => {
    const { serial, token } = await passOf();
    await context.database.db.insert(walletPassRegistrations).values({
      passId: serial,
      userId: customer.id,
      deviceLibraryId: 'device-to-remove',
      pushToken: 'push1111token',
    });
    const remove = (authorization: string) =>
      context.app.inject({
        method: 'DELETE',
        url: registrationUrl(serial, PASS_TYPE, 'device-to-remove'),
        headers: { authorization },
      });
    expect((await remove('ApplePass wrong')).statusCode).toBe(401);
    expect((await remove(`ApplePass ${token}`)).statusCode).toBe(200);
    const left = await context.database.db
      .select()
      .from(walletPassRegistrations)
      .where(eq(walletPassRegistrations.deviceLibraryId, 'device-to-remove'));
    expect(left).toEqual([]);
  });
});

describe('Save to Google Wallet', () => {
  it('links to Google with a JWT signed by the service account: a loyalty class per card, an object per held card', async () => {
    const response = await context.app.inject({
      method: 'POST',
      url: `/api/wallet/cards/${userCardId}/google`,
      headers: { cookie: customer.cookie, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(response.statusCode).toBe(200);
    const { saveUrl } = response.json() as { saveUrl: string };
    expect(saveUrl.startsWith('https://pay.google.com/gp/v/save/')).toBe(true);
    const jwt = saveUrl.slice('https://pay.google.com/gp/v/save/'.length);
    const { payload, protectedHeader } = await jwtVerify(jwt, await importSPKI(keys.googlePublicKeyPem, 'RS256'), {
      issuer: CLIENT_EMAIL,
      audience: 'google',
      currentDate: context.clock.now(),
    });
    expect(protectedHeader.alg).toBe('RS256');
    expect(payload.typ).toBe('savetowallet');
    expect(payload.origins).toEqual(['http://localhost:3000']);
    const { serial } = await passOf();
    const body = payload.payload as {
      loyaltyClasses: Array<Record<string, unknown>>;
      loyaltyObjects: Array<{ barcode: { value: string } } & Record<string, unknown>>;
    };
    expect(body.loyaltyClasses).toEqual([
      expect.objectContaining({
        id: `${ISSUER_ID}.card-${setup.card.id}`,
        issuerName: setup.vendor.businessName,
        programName: 'Test Card',
      }),
    ]);
    expect(body.loyaltyObjects).toHaveLength(1);
    expect(body.loyaltyObjects[0]).toMatchObject({
      id: `${ISSUER_ID}.pass-${serial}`,
      classId: `${ISSUER_ID}.card-${setup.card.id}`,
      state: 'ACTIVE',
      loyaltyPoints: { label: 'Stamps', balance: { string: '5 / 5' } },
      barcode: { type: 'QR_CODE' },
    });
    expect(body.loyaltyObjects[0]!.barcode.value).toMatch(/^CHK1\.w\./);

    const other = await signUpUser(context.app, { name: 'Bilal' });
    const refused = await context.app.inject({
      method: 'POST',
      url: `/api/wallet/cards/${userCardId}/google`,
      headers: { cookie: other.cookie, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(refused.statusCode).toBe(404);
  });
});

describe('pass updates after a stamp or a redemption', () => {
  it('pushes through APNs to each device and updates the Google object, after the change commits', async () => {
    const { serial } = await passOf();
    const db = context.database.db;
    await db.delete(walletPassRegistrations);
    await db.insert(walletPassRegistrations).values([
      { passId: serial, userId: customer.id, deviceLibraryId: 'phone-a', pushToken: 'push2222token' },
      { passId: serial, userId: customer.id, deviceLibraryId: 'phone-b', pushToken: GONE_TOKEN },
    ]);
    const pending = async () =>
      (await db.select().from(walletPasses).where(eq(walletPasses.id, serial)))[0]!.pushPending;
    // The card is complete: the staff confirm its reward, the card starts over, and so does the pass.
    await db.update(walletPasses).set({ pushPending: false });
    const [reward] = await db
      .select({ id: rewards.id })
      .from(rewards)
      .where(and(eq(rewards.userCardId, userCardId), eq(rewards.status, 'earned')));
    const redeemed = await redeemAtCounter(context.app, customer.cookie, setup.owner.cookie, reward!.id);
    expect(redeemed.statusCode).toBe(200);
    expect(await pending()).toBe(true);
    // A stamp marks it too.
    await db.update(walletPasses).set({ pushPending: false });
    context.clock.advance(60 * 60 * 1000);
    await collectStamps(context.app, setup, customer.cookie, 1);
    expect(await pending()).toBe(true);

    apnsPushes.length = 0;
    googlePatches.length = 0;
    const result = await pushWalletUpdates(
      { db, config: context.config, apnsTls: { ca: keys.wwdrPem } },
      context.clock.now(),
    );
    expect(result).toMatchObject({ passes: 1, applePushes: 1, googleUpdates: 1, retrying: 0 });

    expect(apnsPushes).toHaveLength(2);
    for (const push of apnsPushes) {
      expect(push).toMatchObject({ topic: PASS_TYPE, pushType: 'background', body: '{}' });
      expect(push.clientCertificateSubject).toBe(`Pass Type ID: ${PASS_TYPE}`);
    }
    expect(apnsPushes.map((push) => push.path).sort()).toEqual([`/3/device/${GONE_TOKEN}`, '/3/device/push2222token']);
    // APNs said the second device no longer holds the pass: its registration is gone.
    const registrations = await db.select().from(walletPassRegistrations);
    expect(registrations.map((row) => row.deviceLibraryId)).toEqual(['phone-a']);

    expect(googleTokenRequests.length).toBeGreaterThan(0);
    const tokenRequest = googleTokenRequests.at(-1)!;
    expect(tokenRequest.grantType).toBe('urn:ietf:params:oauth:grant-type:jwt-bearer');
    const assertion = await jwtVerify(tokenRequest.assertion!, await importSPKI(keys.googlePublicKeyPem, 'RS256'), {
      issuer: CLIENT_EMAIL,
      currentDate: context.clock.now(),
    });
    expect(assertion.payload.scope).toBe('https://www.googleapis.com/auth/wallet_object.issuer');
    expect(decodeJwt(tokenRequest.assertion!).aud).toBe(`${overrides.GOOGLE_WALLET_API_URL}/token`);
    expect(googlePatches).toEqual([
      {
        path: `/walletobjects/v1/loyaltyObject/${encodeURIComponent(`${ISSUER_ID}.pass-${serial}`)}`,
        authorization: 'Bearer test-access-token',
        body: expect.objectContaining({ loyaltyPoints: { label: 'Stamps', balance: { string: '1 / 5' } } }),
      },
    ]);
    const [after] = await db.select().from(walletPasses).where(eq(walletPasses.id, serial));
    expect(after!.pushPending).toBe(false);
    // Nothing left to tell.
    expect(await pushWalletUpdates({ db, config: context.config }, context.clock.now())).toMatchObject({ passes: 0 });
  });

  it('an expired reward is no longer ready on the pass, and the phones are told', async () => {
    const db = context.database.db;
    await db.update(loyaltyCards).set({ rewardExpiryDays: 1 }).where(eq(loyaltyCards.id, setup.card.id));
    const { stampsCollected } = (await db.select().from(userCards).where(eq(userCards.id, userCardId)))[0]!;
    context.clock.advance(60 * 60 * 1000);
    await collectStamps(context.app, setup, customer.cookie, 5 - stampsCollected);
    const secondField = async () => {
      const files = unzipSync(new Uint8Array((await downloadPass(customer.cookie)).rawPayload));
      return JSON.parse(Buffer.from(files['pass.json']!).toString('utf8')).storeCard.secondaryFields[0];
    };
    expect(await secondField()).toMatchObject({ label: 'Reward ready' });

    await db.update(walletPasses).set({ pushPending: false });
    const [reward] = await db
      .select()
      .from(rewards)
      .where(and(eq(rewards.userCardId, userCardId), eq(rewards.status, 'earned')));
    context.clock.set(reward!.expiresAt!);
    await runDueJobs(context.app);
    const [pass] = await db.select().from(walletPasses).where(eq(walletPasses.userCardId, userCardId));
    expect(pass!.pushPending).toBe(true);
    expect(await secondField()).toMatchObject({ label: 'Reward' });
    await db.update(loyaltyCards).set({ rewardExpiryDays: null }).where(eq(loyaltyCards.id, setup.card.id));
  });

  it('a renamed card or vendor reaches every holder’s pass and the Google class', async () => {
    const db = context.database.db;
    const pending = async () =>
      (await db.select().from(walletPasses).where(eq(walletPasses.userCardId, userCardId)))[0]!.pushPending;
    await db.update(walletPasses).set({ pushPending: false });
    googlePatches.length = 0;
    const renamed = await context.app.inject({
      method: 'PUT',
      url: `/api/vendor/cards/${setup.card.id}`,
      headers: { cookie: setup.owner.cookie },
      payload: {
        name: 'Chai Club Deluxe',
        description: '',
        cardType: 'free',
        stampsRequired: 5,
        rewardTitle: 'Free Chai',
        rewardDescription: '',
        rewardValue: 150,
        minStampIntervalMinutes: 0,
      },
    });
    expect(renamed.statusCode).toBe(200);
    expect(await pending()).toBe(true);
    await runDueJobs(context.app);
    expect(googlePatches).toEqual([
      expect.objectContaining({
        path: `/walletobjects/v1/loyaltyClass/${encodeURIComponent(`${ISSUER_ID}.card-${setup.card.id}`)}`,
        body: expect.objectContaining({ programName: 'Chai Club Deluxe', issuerName: setup.vendor.businessName }),
      }),
    ]);

    // The vendor's new name too; a profile saved unchanged touches no pass.
    context.clock.advance(60_000);
    await db.update(walletPasses).set({ pushPending: false });
    googlePatches.length = 0;
    const { profile } = (
      await context.app.inject({ method: 'GET', url: '/api/vendor/profile', headers: { cookie: setup.owner.cookie } })
    ).json();
    const saveProfile = (businessName: string) =>
      callAs(context.app, setup.owner.cookie, 'PUT', '/api/vendor/profile', { ...profile, businessName });
    expect((await saveProfile(profile.businessName)).statusCode).toBe(200);
    expect(await pending()).toBe(false);
    expect((await saveProfile('Zara’s New Dhaba')).statusCode).toBe(200);
    expect(await pending()).toBe(true);
    await runDueJobs(context.app);
    expect(googlePatches.map((patch) => patch.body.issuerName)).toEqual(['Zara’s New Dhaba']);
  });

  it('passes and registrations are deleted with the account', async () => {
    await context.database.db.delete(users).where(eq(users.id, customer.id));
    expect(await context.database.db.select().from(walletPasses)).toEqual([]);
    expect(await context.database.db.select().from(walletPassRegistrations)).toEqual([]);
  });
});

describe('a disabled account', () => {
  it('loses its Wallet passes, their registrations, its offline devices and push subscriptions, and its codes', async () => {
    const db = context.database.db;
    const admin = await signUpAdmin(context.app, db);
    const held = await signUpUser(context.app, { name: 'Hina' });
    await collectStamps(context.app, setup, held.cookie, 1);
    const [card] = await db.select({ id: userCards.id }).from(userCards).where(eq(userCards.userId, held.id));
    const files = unzipSync(new Uint8Array((await downloadPass(held.cookie, card!.id)).rawPayload));
    const barcode = JSON.parse(Buffer.from(files['pass.json']!).toString('utf8')).barcodes[0].message as string;
    const [pass] = await db.select({ id: walletPasses.id }).from(walletPasses).where(eq(walletPasses.userId, held.id));
    const authorization = `ApplePass ${passAuthToken(context.config.sessionSecret, pass!.id)}`;
    const registration = `/api/wallet/apple/v1/devices/device-of-hina/registrations/${PASS_TYPE}/${pass!.id}`;
    expect(
      (
        await context.app.inject({
          method: 'POST',
          url: registration,
          headers: { authorization },
          payload: { pushToken: 'hina0token' },
        })
      ).statusCode,
    ).toBe(201);
    const enrolled = await callAs(context.app, held.cookie, 'POST', '/api/devices', { name: 'Chrome on Android' });
    const device = enrolled.json() as { handle: string; secret: string };
    await db.insert(pushSubscriptions).values({
      userId: held.id,
      endpoint: 'https://push.example.com/hina',
      p256dh: 'key',
      auth: 'auth',
      createdAt: context.clock.now(),
    });
    // My QR shown a moment before the admin acts is still within its minute afterwards.
    const myQr = await customerCodeOf(context.app, held.cookie);

    const disabled = await callAs(context.app, admin.cookie, 'POST', `/api/admin/users/${held.id}/disable`);
    expect(disabled.statusCode).toBe(200);

    for (const table of [walletPasses, walletPassRegistrations, devices, pushSubscriptions])
      expect(await db.select().from(table).where(eq(table.userId, held.id))).toEqual([]);
    // The pass web service no longer knows the pass.
    const latest = await context.app.inject({
      method: 'GET',
      url: `/api/wallet/apple/v1/passes/${PASS_TYPE}/${pass!.id}`,
      headers: { authorization },
    });
    expect(latest.statusCode).toBe(401);
    // Every code that named the customer is refused at the counter, and no stamp is given.
    const stampWith = (customerCode: string) =>
      callAs(context.app, setup.owner.cookie, 'POST', '/api/vendor/stamps', { customerCode, cardId: setup.card.id });
    const byBarcode = await stampWith(barcode);
    expect([byBarcode.statusCode, byBarcode.json().error.code]).toEqual([400, 'invalid_code']);
    const byOfflineCode = await stampWith(deviceCodeAt(device, context.clock.now().getTime()));
    expect([byOfflineCode.statusCode, byOfflineCode.json().error.code]).toEqual([400, 'invalid_code']);
    for (const code of [myQr.qrPayload, myQr.typedCode]) {
      const byMyQr = await stampWith(code);
      expect([byMyQr.statusCode, byMyQr.json().error.code]).toEqual([403, 'account_disabled']);
    }
    const lookup = await callAs(context.app, setup.owner.cookie, 'POST', '/api/vendor/stamps/lookup', {
      customerCode: myQr.qrPayload,
    });
    expect(lookup.statusCode).toBe(403);
    const [after] = await db.select().from(userCards).where(eq(userCards.id, card!.id));
    expect(after!.stampsCollected).toBe(1);
  });

  it('is refused by the code readers and the pass web service even while its pass still exists', async () => {
    const db = context.database.db;
    const held = await signUpUser(context.app, { name: 'Saima' });
    await collectStamps(context.app, setup, held.cookie, 1);
    const [card] = await db.select({ id: userCards.id }).from(userCards).where(eq(userCards.userId, held.id));
    const files = unzipSync(new Uint8Array((await downloadPass(held.cookie, card!.id)).rawPayload));
    const barcode = JSON.parse(Buffer.from(files['pass.json']!).toString('utf8')).barcodes[0].message as string;
    const [pass] = await db.select({ id: walletPasses.id }).from(walletPasses).where(eq(walletPasses.userId, held.id));
    // Disabled by hand, as if a pass had been made in the moment before the account was.
    await db.update(users).set({ disabledAt: context.clock.now() }).where(eq(users.id, held.id));
    const lookup = await callAs(context.app, setup.owner.cookie, 'POST', '/api/vendor/stamps/lookup', {
      customerCode: barcode,
    });
    expect([lookup.statusCode, lookup.json().error.code]).toEqual([403, 'account_disabled']);
    const latest = await context.app.inject({
      method: 'GET',
      url: `/api/wallet/apple/v1/passes/${PASS_TYPE}/${pass!.id}`,
      headers: { authorization: `ApplePass ${passAuthToken(context.config.sessionSecret, pass!.id)}` },
    });
    expect(latest.statusCode).toBe(401);
  });
});

describe('the pass’s count', () => {
  it('shows a stamp card’s round and a points card’s balance (decision 085)', () => {
    expect(passCount({ earnKind: 'item', stampsCollected: 4, stampsRequired: 10 })).toEqual({
      labelKey: 'customer:wallet.pass.stamps',
      value: '4 / 10',
    });
    expect(passCount({ earnKind: 'points', stampsCollected: 165, stampsRequired: 100 })).toEqual({
      labelKey: 'customer:wallet.pass.points',
      value: '165',
    });
  });
});

describe('the customer’s level on the pass (decision 087)', () => {
  const SILVER_GOLD: TierRule = {
    basis: 'visits',
    levels: [
      { name: 'Silver', from: 2, multiplier: 1.25 },
      { name: 'Gold', from: 5, multiplier: 1.5 },
    ],
  };

  it('shows "Level: Silver (1.25×)" on the Apple pass and the Google object of a tiered card, in English and Urdu', async () => {
    const db = context.database.db;
    const tiered = await setUpVendorWithCard(context.app, db, { stampsRequired: 20, plan: 'premium' });
    await db.update(loyaltyCards).set({ tiers: SILVER_GOLD }).where(eq(loyaltyCards.id, tiered.card.id));
    const holder = await signUpUser(context.app, { name: 'Hina' });
    await collectStamps(context.app, tiered, holder.cookie, 2);
    const [held] = await db.select({ id: userCards.id }).from(userCards).where(eq(userCards.userId, holder.id));

    const response = await downloadPass(`${holder.cookie}; chaska_lang=ur`, held!.id);
    expect(response.statusCode).toBe(200);
    const files = unzipSync(new Uint8Array(response.rawPayload));
    const pass = JSON.parse(Buffer.from(files['pass.json']!).toString('utf8'));
    expect(pass.storeCard.auxiliaryFields).toContainEqual({
      key: 'level',
      label: 'Level',
      value: 'Silver (1.25×)',
      changeMessage: 'Your level: %@',
    });
    const urdu = Buffer.from(files['ur.lproj/pass.strings']!).toString('utf8');
    expect(urdu).toContain('"Level" = "درجہ";');

    const google = await context.app.inject({
      method: 'POST',
      url: `/api/wallet/cards/${held!.id}/google`,
      headers: { cookie: holder.cookie, 'content-type': 'application/json' },
      payload: '{}',
    });
    const object = (
      decodeJwt(google.json().saveUrl.split('/').pop()!).payload as {
        loyaltyObjects: Array<{ textModulesData: Array<{ id: string; header: string; body: string }> }>;
      }
    ).loyaltyObjects[0]!;
    expect(object.textModulesData[0]).toEqual({ id: 'level', header: 'Level', body: 'Silver (1.25×)' });

    // The nightly job's fall a week after its notice marks the pass newer, so the phones hear of it.
    await db.update(walletPasses).set({ pushPending: false }).where(eq(walletPasses.userCardId, held!.id));
    await db
      .update(userCards)
      .set({ tierNoticeAt: new Date(context.clock.now().getTime() - 8 * 86_400_000) })
      .where(eq(userCards.id, held!.id));
    await recomputeTierLevels(db, new Date(context.clock.now().getTime() + 100 * 86_400_000), { notify: true });
    const [after] = await db.select().from(walletPasses).where(eq(walletPasses.userCardId, held!.id));
    expect(after!.pushPending).toBe(true);
  });

  it('shows no level line on a card without tiers, and "No level yet" below the first level', async () => {
    const plain = await setUpVendorWithCard(context.app, context.database.db, { plan: 'premium' });
    const holder = await signUpUser(context.app, { name: 'Iqra' });
    await collectStamps(context.app, plain, holder.cookie, 1);
    const [held] = await context.database.db
      .select({ id: userCards.id })
      .from(userCards)
      .where(eq(userCards.userId, holder.id));
    const files = unzipSync(new Uint8Array((await downloadPass(holder.cookie, held!.id)).rawPayload));
    const pass = JSON.parse(Buffer.from(files['pass.json']!).toString('utf8'));
    expect(pass.storeCard.auxiliaryFields.map((field: { key: string }) => field.key)).toEqual(['customer']);
    expect(passLevel({ tier: null })).toBeNull();
    expect(passLevel({ tier: { level: null } })).toEqual({ key: 'customer:card.tierNoLevel' });
  });
});
