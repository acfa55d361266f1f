import { createPrivateKey, X509Certificate, type KeyObject } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { inEveryLanguage, type Texts } from '@salon/shared';
import { ConfigError, type Config } from '../../../config/env';

/** What signs and names the organiser's Apple Wallet passes, checked once at start. */
export interface AppleWallet {
  passTypeId: string;
  teamId: string;
  certificate: X509Certificate;
  key: KeyObject;
  wwdr: X509Certificate;
  /** Apple's 'Add to Apple Wallet' badges, as Apple gives them, by language. */
  artwork: Texts<Buffer>;
}

const VARIABLES = [
  'APPLE_PASS_TYPE_ID',
  'APPLE_TEAM_ID',
  'APPLE_PASS_CERTIFICATE',
  'APPLE_PASS_KEY',
  'APPLE_WWDR_CERTIFICATE',
  'APPLE_WALLET_ARTWORK',
] as const;

/**
 * A wallet's own button artwork, as its maker gives it, from the folder a variable names: the
 * SVG of each language (`fr.svg`, `en.svg`); a missing one stops the start.
 */
export function walletArtwork(variable: string, dir: string): Texts<Buffer> {
  return inEveryLanguage((lang) => {
    const file = path.join(dir, `${lang}.svg`);
    if (!existsSync(file)) throw new ConfigError(`${variable}: no ${lang}.svg in ${dir}`);
    return readFileSync(file);
  });
}

/**
 * A secret given in a variable as itself (it starts with `start`: a PEM's `-----BEGIN`, a JSON
 * key's `{`) or as the path of the file holding it.
 */
export function givenOrFile(name: string, value: string, start: string): string {
  if (value.trimStart().startsWith(start)) return value;
  if (!existsSync(value)) throw new ConfigError(`${name}: no file at ${value}`);
  return readFileSync(value, 'utf8');
}

/** A PEM given as itself or as a file's path. */
export const pem = (name: string, value: string) => givenOrFile(name, value, '-----BEGIN');

function certificate(name: string, value: string, now: Date): X509Certificate {
  let cert: X509Certificate;
  try {
    cert = new X509Certificate(pem(name, value));
  } catch (err) {
    if (err instanceof ConfigError) throw err;
    throw new ConfigError(`${name} is not a PEM certificate`);
  }
  if (new Date(cert.validTo) < now) {
    throw new ConfigError(`${name} expired on ${new Date(cert.validTo).toISOString().slice(0, 10)}: renew it`);
  }
  if (new Date(cert.validFrom) > now) {
    throw new ConfigError(`${name} is not valid before ${new Date(cert.validFrom).toISOString().slice(0, 10)}`);
  }
  return cert;
}

/** The subject's `UID=` (a Pass Type ID certificate names its pass type there). */
const uidOf = (cert: X509Certificate) => /(?:^|\n)UID=([^\n]+)/.exec(cert.subject)?.[1];

/**
 * The Apple Wallet configuration, or null when none is given. Anything given but unusable stops
 * the start with one line saying what (a phone rejects a pass signed with an expired or foreign
 * certificate without saying why): a variable missing, a file missing, a certificate expired, a
 * key that is not the certificate's, a certificate of another pass type or not issued by the
 * WWDR certificate given.
 */
export function walletFromConfig(config: Config, now: Date): AppleWallet | null {
  const given = VARIABLES.filter((name) => config[name] !== undefined);
  if (given.length === 0) return null;
  const missing = VARIABLES.filter((name) => config[name] === undefined);
  if (missing.length) throw new ConfigError(`Apple Wallet: ${missing.join(', ')} missing (all or none)`);
  const cert = certificate('APPLE_PASS_CERTIFICATE', config.APPLE_PASS_CERTIFICATE!, now);
  const wwdr = certificate('APPLE_WWDR_CERTIFICATE', config.APPLE_WWDR_CERTIFICATE!, now);
  let key: KeyObject;
  try {
    key = createPrivateKey({
      key: pem('APPLE_PASS_KEY', config.APPLE_PASS_KEY!),
      passphrase: config.APPLE_PASS_KEY_PASSPHRASE,
    });
  } catch (err) {
    if (err instanceof ConfigError) throw err;
    throw new ConfigError('APPLE_PASS_KEY is not a PEM private key, or APPLE_PASS_KEY_PASSPHRASE does not open it');
  }
  if (!cert.checkPrivateKey(key)) throw new ConfigError('APPLE_PASS_KEY is not the key of APPLE_PASS_CERTIFICATE');
  if (uidOf(cert) !== config.APPLE_PASS_TYPE_ID) {
    throw new ConfigError(
      `APPLE_PASS_CERTIFICATE is for ${uidOf(cert) ?? 'no pass type'}, not ${config.APPLE_PASS_TYPE_ID}`,
    );
  }
  if (!cert.checkIssued(wwdr) || !cert.verify(wwdr.publicKey)) {
    throw new ConfigError('APPLE_PASS_CERTIFICATE was not issued by APPLE_WWDR_CERTIFICATE');
  }
  return {
    passTypeId: config.APPLE_PASS_TYPE_ID!,
    teamId: config.APPLE_TEAM_ID!,
    certificate: cert,
    key,
    wwdr,
    artwork: walletArtwork('APPLE_WALLET_ARTWORK', config.APPLE_WALLET_ARTWORK!),
  };
}
