import { generateKeyPairSync } from 'node:crypto';
import forge from 'node-forge';

/**
 * Certificates and keys made in the test, never Apple's or Google's: a stand-in for Apple's WWDR
 * intermediate, a Pass Type ID certificate it issued, and a Google service account's RSA key.
 */
export interface WalletTestKeys {
  wwdrPem: string;
  certificatePem: string;
  keyPem: string;
  googleKeyPem: string;
  googlePublicKeyPem: string;
  /** The local APNs stand-in's TLS certificate for localhost, issued by the same test CA. */
  localServer: { certificatePem: string; keyPem: string };
}

function rsaPair() {
  return generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
}

function certificate(options: {
  subject: string;
  publicKeyPem: string;
  issuer: string;
  issuerKeyPem: string;
  serial: string;
  ca: boolean;
  localhost?: boolean;
}): forge.pki.Certificate {
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(options.publicKeyPem);
  cert.serialNumber = options.serial;
  cert.validity.notBefore = new Date(Date.UTC(2020, 0, 1));
  cert.validity.notAfter = new Date(Date.UTC(2040, 0, 1));
  cert.setSubject([{ name: 'commonName', value: options.subject }]);
  cert.setIssuer([{ name: 'commonName', value: options.issuer }]);
  cert.setExtensions([
    { name: 'basicConstraints', cA: options.ca },
    ...(options.localhost
      ? [
          {
            name: 'subjectAltName',
            altNames: [
              { type: 2, value: 'localhost' },
              { type: 7, ip: '127.0.0.1' },
            ],
          },
        ]
      : []),
  ]);
  cert.sign(forge.pki.privateKeyFromPem(options.issuerKeyPem), forge.md.sha256.create());
  return cert;
}

export function makeWalletTestKeys(passTypeId: string): WalletTestKeys {
  const ca = rsaPair();
  const signer = rsaPair();
  const google = rsaPair();
  const server = rsaPair();
  const serverCert = certificate({
    subject: 'localhost',
    publicKeyPem: server.publicKey,
    issuer: 'Test WWDR',
    issuerKeyPem: ca.privateKey,
    serial: '03',
    ca: false,
    localhost: true,
  });
  const wwdr = certificate({
    subject: 'Test WWDR',
    publicKeyPem: ca.publicKey,
    issuer: 'Test WWDR',
    issuerKeyPem: ca.privateKey,
    serial: '01',
    ca: true,
  });
  const passCert = certificate({
    subject: `Pass Type ID: ${passTypeId}`,
    publicKeyPem: signer.publicKey,
    issuer: 'Test WWDR',
    issuerKeyPem: ca.privateKey,
    serial: '02',
    ca: false,
  });
  return {
    wwdrPem: forge.pki.certificateToPem(wwdr),
    certificatePem: forge.pki.certificateToPem(passCert),
    keyPem: signer.privateKey,
    googleKeyPem: google.privateKey,
    googlePublicKeyPem: google.publicKey,
    localServer: { certificatePem: forge.pki.certificateToPem(serverCert), keyPem: server.privateKey },
  };
}
