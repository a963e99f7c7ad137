import { generateKeyPairSync } from 'node:crypto';
import forge from 'node-forge';

/**
 * A self-signed TLS certificate for localhost and 127.0.0.1, for a local stand-in of a service
 * that is only ever called over https (a push service); the client under test trusts it as `ca`.
 */
export function makeLocalhostCertificate(): { certificatePem: string; keyPem: string } {
  const pair = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(pair.publicKey);
  cert.serialNumber = '01';
  cert.validity.notBefore = new Date(Date.UTC(2020, 0, 1));
  cert.validity.notAfter = new Date(Date.UTC(2040, 0, 1));
  const name = [{ name: 'commonName', value: 'localhost' }];
  cert.setSubject(name);
  cert.setIssuer(name);
  cert.setExtensions([
    { name: 'basicConstraints', cA: true },
    {
      name: 'subjectAltName',
      altNames: [
        { type: 2, value: 'localhost' },
        { type: 7, ip: '127.0.0.1' },
      ],
    },
  ]);
  cert.sign(forge.pki.privateKeyFromPem(pair.privateKey), forge.md.sha256.create());
  return { certificatePem: forge.pki.certificateToPem(cert), keyPem: pair.privateKey };
}
