import { execFileSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { LANGUAGES } from '@salon/shared';

/**
 * Stand-ins for a wallet maker's buttons in `dir`, one per language (`fr.svg`, …), drawn so that a
 * screenshot shows where they stand; `title` names each in its SVG, `label` is its text, `shape`
 * the rect's look.
 */
function standInArtwork(dir: string, title: string, label: string, shape: string) {
  for (const lang of LANGUAGES) {
    writeFileSync(
      path.join(dir, `${lang}.svg`),
      `<svg xmlns="http://www.w3.org/2000/svg" width="110" height="34" viewBox="0 0 110 34"><title>${title} ${lang}</title>` +
        `<rect width="110" height="34" ${shape}/><text x="55" y="21" font-family="Arial" font-size="9" fill="#fff" text-anchor="middle">${label} (${lang}, test)</text></svg>`,
    );
  }
}

/**
 * A throwaway certificate chain standing in for Apple's, made with the machine's openssl: a CA
 * in the place of the WWDR intermediate, a Pass Type ID certificate it issued (its subject's UID
 * is the pass type, as Apple writes it) and that certificate's key; a second CA and a second key
 * for the refusals; the artwork folder with stand-in badges. Paths, for the APPLE_* variables.
 */
export function walletCertificates(passTypeId = 'pass.test.salon') {
  const dir = mkdtempSync(path.join(tmpdir(), 'salon-wallet-'));
  const file = (name: string) => path.join(dir, name);
  const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  const ca = (name: string, subject: string) =>
    openssl(
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      `${name}.key`,
      '-out',
      `${name}.pem`,
      '-days',
      '30',
      '-subj',
      subject,
    );
  ca('wwdr', '/CN=Test WWDR Certification Authority/OU=G4/O=Test');
  ca('other-ca', '/CN=Someone else/O=Test');
  openssl(
    'req',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    'pass.key',
    '-out',
    'pass.csr',
    '-subj',
    `/UID=${passTypeId}/CN=Pass Type ID: ${passTypeId}/OU=ABCDE12345/O=Salon Test`,
  );
  openssl(
    'x509',
    '-req',
    '-in',
    'pass.csr',
    '-CA',
    'wwdr.pem',
    '-CAkey',
    'wwdr.key',
    '-CAcreateserial',
    '-out',
    'pass.pem',
    '-days',
    '10',
  );
  openssl('genpkey', '-algorithm', 'RSA', '-pkeyopt', 'rsa_keygen_bits:2048', '-out', 'other.key');
  const artwork = file('artwork');
  execFileSync('mkdir', ['-p', artwork]);
  standInArtwork(artwork, 'badge', 'Wallet', 'rx="6" fill="#000"');
  return {
    dir,
    env: {
      APPLE_PASS_TYPE_ID: passTypeId,
      APPLE_TEAM_ID: 'ABCDE12345',
      APPLE_PASS_CERTIFICATE: file('pass.pem'),
      APPLE_PASS_KEY: file('pass.key'),
      APPLE_WWDR_CERTIFICATE: file('wwdr.pem'),
      APPLE_WALLET_ARTWORK: artwork,
    },
    otherCa: file('other-ca.pem'),
    otherKey: file('other.key'),
  };
}

/**
 * A service account key as Google gives it (JSON with `client_email`, `private_key_id` and an RSA
 * `private_key`), the stand-in Google Wallet buttons, and the public key to check its links with.
 */
export function googleServiceAccount() {
  const dir = mkdtempSync(path.join(tmpdir(), 'salon-google-wallet-'));
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const account = {
    type: 'service_account',
    client_email: 'wallet@salon-test.iam.gserviceaccount.com',
    private_key_id: 'test-key-1',
    private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  };
  const file = path.join(dir, 'service-account.json');
  writeFileSync(file, JSON.stringify(account));
  const artwork = path.join(dir, 'artwork');
  mkdirSync(artwork);
  standInArtwork(artwork, 'google', 'Google', 'rx="17" fill="#1f1f1f"');
  return {
    dir,
    account,
    publicKey,
    env: {
      GOOGLE_WALLET_ISSUER_ID: '3388000000012345678',
      GOOGLE_WALLET_SERVICE_ACCOUNT: file,
      GOOGLE_WALLET_ARTWORK: artwork,
    },
  };
}
