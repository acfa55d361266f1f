import { createPrivateKey, generateKeyPairSync, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { repoRoot } from '../paths';

const bool = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1')
  .optional();

/** An address, a CIDR range, or one of proxy-addr's names for the private ranges. */
function isProxyAddress(entry: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const [address = '', prefix, extra] = entry.split('/');
  const family = isIP(address);
  if (!family || extra !== undefined) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
}

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  /** Loopback by default: a server reachable from other machines says so (HOST=0.0.0.0). */
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Embedded database files, generated secrets, backups and mail files when no SMTP is set. */
  DATA_DIR: z.string().default(path.join(repoRoot, 'data')),
  /** A PostgreSQL server; without it the embedded PGlite database under DATA_DIR is used. */
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  DEMO_DATA: bool,
  /** smtp://user:pass@host:port; without it mails are written as .eml files under DATA_DIR/mail. */
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().default('Salon BTP <no-reply@example.com>'),
  /** Where the contact form's messages are sent. */
  ORGANISER_EMAIL: z.email().default('contact@example.com'),
  /** Signs sign-in tokens; generated once and kept under DATA_DIR when not set. */
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  /**
   * Ed25519 private key (PKCS#8 PEM) that signs the badges' QR codes; generated once and kept
   * under DATA_DIR when not set. Every instance must have the same one.
   */
  BADGE_PRIVATE_KEY: z
    .string()
    .refine((pem) => {
      try {
        return createPrivateKey(pem).asymmetricKeyType === 'ed25519';
      } catch {
        return false;
      }
    }, 'BADGE_PRIVATE_KEY must be an Ed25519 private key in PEM form')
    .optional(),
  /**
   * Apple Wallet (docs/wallet.md, 'Apple Wallet'): the organiser's Pass Type ID (`pass.…`) and Apple team,
   * the pass certificate and its private key (a PEM file's path, or the PEM itself) with the
   * key's passphrase if it has one, Apple's WWDR intermediate certificate, and the folder holding
   * Apple's 'Add to Apple Wallet' badges (fr.svg, en.svg). All or none: without them no pass is
   * offered. Checked at start (walletFromConfig).
   */
  APPLE_PASS_TYPE_ID: z
    .string()
    .regex(/^pass\.[A-Za-z0-9.-]+$/, 'APPLE_PASS_TYPE_ID starts with pass.')
    .optional(),
  APPLE_TEAM_ID: z
    .string()
    .regex(/^[A-Z0-9]{10}$/, 'APPLE_TEAM_ID is the ten capitals and digits of the team')
    .optional(),
  APPLE_PASS_CERTIFICATE: z.string().optional(),
  APPLE_PASS_KEY: z.string().optional(),
  APPLE_PASS_KEY_PASSPHRASE: z.string().optional(),
  APPLE_WWDR_CERTIFICATE: z.string().optional(),
  APPLE_WALLET_ARTWORK: z.string().optional(),
  /**
   * Google Wallet (docs/wallet.md, 'Google Wallet'): the organiser's issuer ID, its service account's key
   * (the JSON file Google gives: its path, or the JSON itself) and the folder holding Google's
   * 'Add to Google Wallet' buttons (fr.svg, en.svg). All or none. Checked at start (googleWalletFromConfig).
   */
  GOOGLE_WALLET_ISSUER_ID: z
    .string()
    .regex(/^\d{10,25}$/, 'GOOGLE_WALLET_ISSUER_ID is the digits of the issuer')
    .optional(),
  GOOGLE_WALLET_SERVICE_ACCOUNT: z.string().optional(),
  GOOGLE_WALLET_ARTWORK: z.string().optional(),
  /**
   * Apple's push service (docs/wallet.md, 'Passes that stay true'): a token-based APNs key (the .p8
   * file's path, or its PEM) and its key ID, for the team of APPLE_TEAM_ID. With them, phones
   * holding a pass are told when it changes; without them, a pass is brought up to date when its
   * holder pulls it down in Wallet. APNS_URL is Apple's production service unless given.
   */
  APNS_KEY: z.string().optional(),
  APNS_KEY_ID: z
    .string()
    .regex(/^[A-Z0-9]{10}$/, 'APNS_KEY_ID is the ten capitals and digits of the key')
    .optional(),
  APNS_URL: z.url({ protocol: /^https?$/ }).default('https://api.push.apple.com'),
  /** Run the mail worker in this process (false: only queue mails, another instance sends). */
  MAIL_WORKER: bool,
  PUBLIC_URL: z.url().optional(),
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  APP_NOW: z.iso.datetime({ offset: true }).optional(),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(10, 'ADMIN_PASSWORD must be at least 10 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Where the built web app is; the API alone is served when it is missing. */
  WEB_BUILD_DIR: z.string().default(path.join(repoRoot, 'apps/web/build')),
  /**
   * The home page's 3D virtual tour (https), read once: the first start with the site settings
   * copies it there, and the back-office changes it from then on.
   */
  VIRTUAL_TOUR_URL: z.url({ protocol: /^https$/, error: 'VIRTUAL_TOUR_URL must be an https:// address' }).optional(),
  UNDER_CONSTRUCTION: bool,
  /** Path of the show presentation page (the specification's '{product}' route). */
  PRODUCT_SLUG: z
    .string()
    .regex(/^[a-z0-9-]+$/, 'PRODUCT_SLUG: lower-case letters, digits and dashes')
    .default('salon'),
  /**
   * Behind proxies, so that rate limits count real clients: how many proxies stand in front (`1`
   * for one reverse proxy), or their addresses (`10.0.0.0/8,127.0.0.1`). X-Forwarded-For is read
   * only as far as they wrote it: the entries before are the client's own writing.
   */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value, ctx): false | number | string[] => {
      if (value === undefined || value === 'false' || value === '0') return false;
      if (/^\d{1,2}$/.test(value)) return Number(value);
      const list = value.split(',').map((entry) => entry.trim());
      if (value !== 'true' && list.every(isProxyAddress)) return list;
      ctx.addIssue({
        code: 'custom',
        message:
          (value === 'true'
            ? '`true` would trust any X-Forwarded-For a client writes, so anyone could pick their own address. '
            : 'not a number of proxies nor a list of addresses. ') +
          'Write how many proxies stand in front of the server (e.g. 1) or their addresses (e.g. 10.0.0.0/8,127.0.0.1)',
      });
      return z.NEVER;
    }),
  /** API requests allowed per minute and per IP address (static files are not counted). */
  API_RATE_LIMIT: z.coerce.number().int().positive().default(600),
  /**
   * Pages and not-found answers allowed per minute and per IP address, apart from the API's
   * budget (files are not counted): a visitor opens a few pages a minute, a URL scanner thousands.
   */
  PAGE_RATE_LIMIT: z.coerce.number().int().positive().default(300),
  /**
   * Downloads of uploads (/uploads/…) and of the show's PDFs (/assets/files/…) allowed per minute
   * and per IP address, apart from the API's and the pages' budgets; and, among them, of files
   * over 1 MB (a catalogue, a plan), which cost far more to send.
   */
  FILE_RATE_LIMIT: z.coerce.number().int().positive().default(600),
  LARGE_FILE_RATE_LIMIT: z.coerce.number().int().positive().default(30),
  /** Megabytes of recently served uploads each instance keeps in memory (0: none, read each time). */
  FILE_CACHE_MB: z.coerce.number().int().min(0).max(4096).default(64),
  /**
   * Visitor registrations allowed per minute and per IP address: raise it when registration
   * kiosks or a venue's Wi-Fi put many people behind one address.
   */
  REGISTRATION_RATE_LIMIT: z.coerce.number().int().positive().default(30),
  /** Stand prices and holds (/exposer) allowed per minute and per IP address. */
  STAND_HOLD_RATE_LIMIT: z.coerce.number().int().positive().default(20),
  /**
   * How long an instance remembers a stand it saw taken, in seconds (0: never): when a sale opens,
   * the companies that ask second for a stand are told without a transaction. The database decides
   * every hold; a stand freed meanwhile is offered again after this long at most.
   */
  STAND_TAKEN_MEMO_SECONDS: z.coerce.number().int().min(0).max(60).default(5),
  /** Badge lookups allowed per minute and per kiosk (e-mail and phone digits, or the e-badge QR). */
  KIOSK_LOOKUP_RATE_LIMIT: z.coerce.number().int().positive().default(30),
  /** Sign-in attempts allowed per minute, per IP address and per account. */
  LOGIN_RATE_LIMIT: z.coerce.number().int().positive().default(10),
  /**
   * How long a directory answer may be served from memory, in seconds (0: never). Changes made
   * through this process show at once; other processes see them within this delay.
   */
  DIRECTORY_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(10),
  /**
   * On SIGTERM, how long the instance keeps serving while /backend/api/health/ready says 503,
   * before it stops accepting: long enough for a proxy's health check to send no more (Caddy in
   * `npm run cluster` checks every second). 0 when nothing stands in front.
   */
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().min(0).max(60).default(0),
  /** Largest accepted request body, in bytes (uploads have their own limit). */
  BODY_LIMIT: z.coerce.number().int().positive().default(1_048_576),
  /**
   * Bearer token a Prometheus scraper sends to read /metrics. Unset: /metrics answers only to
   * requests from this machine that no proxy forwarded.
   */
  METRICS_TOKEN: z.string().min(32, 'METRICS_TOKEN must be at least 32 characters').optional(),
});

export type Config = Omit<
  z.infer<typeof envSchema>,
  'JWT_SECRET' | 'BADGE_PRIVATE_KEY' | 'MAIL_WORKER' | 'PUBLIC_URL' | 'DEMO_DATA' | 'UNDER_CONSTRUCTION'
> & {
  JWT_SECRET: string;
  BADGE_PRIVATE_KEY: string;
  MAIL_WORKER: boolean;
  PUBLIC_URL: string;
  DEMO_DATA: boolean;
  UNDER_CONSTRUCTION: boolean;
};

export class ConfigError extends Error {}

/** Reads a secret from DATA_DIR, creating it on first start so that sessions survive restarts. */
function persistedSecret(dataDir: string, name: string, create = () => randomBytes(48).toString('base64url')): string {
  const file = path.join(dataDir, 'secrets', name);
  if (existsSync(file)) {
    // Refused rather than fixed: someone else may have read it, and only the operator knows.
    const mode = statSync(file).mode & 0o777;
    if (mode & 0o077) {
      throw new ConfigError(
        `${file} is open to other users (mode ${mode.toString(8)}): run chmod 600 ${file}, ` +
          'and replace the secret if anyone else may have read it.',
      );
    }
    return readFileSync(file, 'utf8').trim();
  }
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const secret = create();
  writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
  return secret;
}

/**
 * DATA_DIR holds the database, password hashes, mails with set-password links, backups and the
 * keys: only this server's user may enter it. An existing one is closed too (it was made 0755 by
 * earlier versions); a directory of another user is left as it is.
 */
function ownerOnly(dataDir: string): void {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const { mode, uid } = statSync(dataDir);
  if (mode & 0o077 && uid === process.getuid?.()) chmodSync(dataDir, 0o700);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Empty variables count as unset, so `FOO= npm start` means "use the default".
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  - ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  ownerOnly(dataDir);
  return {
    ...e,
    DATA_DIR: dataDir,
    JWT_SECRET: e.JWT_SECRET ?? persistedSecret(dataDir, 'jwt'),
    BADGE_PRIVATE_KEY:
      e.BADGE_PRIVATE_KEY ??
      persistedSecret(dataDir, 'badge-ed25519.pem', () =>
        generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      ),
    MAIL_WORKER: e.MAIL_WORKER ?? true,
    PUBLIC_URL: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    DEMO_DATA: e.DEMO_DATA ?? !e.DATABASE_URL,
    UNDER_CONSTRUCTION: e.UNDER_CONSTRUCTION ?? false,
  };
}
