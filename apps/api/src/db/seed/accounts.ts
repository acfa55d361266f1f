import { and, inArray, isNull, sql } from 'drizzle-orm';
import { DEFAULT_ROLE_ID, PASSWORD_RULES, normalizeEmail } from '@salon/shared';
import type { Config } from '../../config/env';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import type { Db } from '../client';
import * as t from '../schema';

/**
 * The accounts the server makes (roles, the README's demo accounts, ADMIN_EMAIL's organiser), and
 * the check that no public server keeps a published password.
 */

export const ROLES = [
  {
    id: DEFAULT_ROLE_ID,
    name: 'Authenticated',
    type: 'authenticated',
    description: 'Visiteurs, exposants et collaborateurs',
  },
  { id: 2, name: 'Public', type: 'public', description: 'Sans connexion' },
  { id: 3, name: 'Contrôleur', type: 'controller', description: 'Contrôle des badges aux portes' },
  { id: 4, name: 'Organisateur', type: 'organiser', description: 'Back-office' },
] as const;
export const CONTROLLER_ROLE_ID = 3;
export const ORGANISER_ROLE_ID = 4;

/** The demo accounts of the README; their e-mails mark that demo data is present. */
export const DEMO_ACCOUNTS = {
  exhibitor: { email: 'exposant@example.com', password: 'Exposant2024!' },
  collaborator: { email: 'collaborateur@example.com', password: 'Collab2024!' },
  exhibitor2: { email: 'exposant2@example.com', password: 'Exposant2024!' },
  controller: { email: 'controleur@example.com', password: 'Controle2024!' },
  organiser: { email: 'organisateur@example.com', password: 'Organise2024!' },
  /** Exhibited in 2017, only visits in 2024: refused by the exhibitor sign-in. */
  formerExhibitor: { email: 'visiteur@example.com', password: 'Visiteur2024!' },
} as const;

/** Where the README's demo accounts may keep their published passwords. */
export function isLocalUrl(url: string): boolean {
  const host = new URL(url).hostname;
  return ['localhost', '127.0.0.1', '[::1]'].includes(host) || host.endsWith('.localhost');
}

/** A listening address no other machine reaches: 127.0.0.0/8, ::1 or localhost. */
export function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

const DEMO_PASSWORDS = new Set<string>(Object.values(DEMO_ACCOUNTS).map((a) => a.password));

/**
 * Why this server must not start, in one line, or null: where another machine may reach it, no account may keep a
 * password that is published (the README's demo accounts) or too weak to be secret (ADMIN_PASSWORD).
 * Checked before the seed, so that a public database never receives the demo data.
 */
export async function publishedPasswordProblem(db: Db, config: Config): Promise<string | null> {
  // The published passwords are safe only where nobody else reaches the server: a loopback socket
  // (a server on 0.0.0.0 answers any Host header, whatever PUBLIC_URL says) for a local address.
  const refusing = !isLoopbackHost(config.HOST)
    ? `Refusing to start: HOST is ${config.HOST}, not a loopback address such as 127.0.0.1`
    : !isLocalUrl(config.PUBLIC_URL)
      ? `Refusing to start: PUBLIC_URL is ${config.PUBLIC_URL}, not localhost`
      : null;
  if (!refusing) return null;
  if (config.DEMO_DATA) {
    return `${refusing}, and demo data is on (the default with the embedded database), whose passwords the README publishes: set DEMO_DATA=false.`;
  }
  const admin = config.ADMIN_PASSWORD;
  if (admin !== undefined && (DEMO_PASSWORDS.has(admin) || !PASSWORD_RULES.every((rule) => rule.test(admin)))) {
    return `${refusing}, and ADMIN_PASSWORD is too weak: choose one of at least 10 characters with a lower-case letter, an upper-case letter and a digit, not a README one.`;
  }
  const accounts = await db
    .select({ email: t.users.email, passwordHash: t.users.passwordHash })
    .from(t.users)
    .where(
      and(
        inArray(
          t.users.email,
          Object.values(DEMO_ACCOUNTS).map((a) => a.email),
        ),
        isNull(t.users.deletedAt),
      ),
    );
  const published: string[] = [];
  for (const account of accounts) {
    const demo = Object.values(DEMO_ACCOUNTS).find((a) => a.email === account.email)!;
    if (account.passwordHash && (await verifyPassword(account.passwordHash, demo.password)))
      published.push(account.email);
  }
  if (published.length === 0) return null;
  return `${refusing}, and ${published.sort().join(', ')} still sign in with the README's password: delete these accounts or change their passwords (back-office or 'Mot de passe oublié').`;
}

export async function ensureOrganiser(db: Db, email: string, password: string): Promise<void> {
  const [existing] = await db
    .select({ id: t.users.id })
    .from(t.users)
    .where(and(sql`lower(${t.users.email}) = ${normalizeEmail(email)}`, isNull(t.users.deletedAt)));
  if (existing) return;
  await db.insert(t.users).values({
    type: 'organiser',
    roleId: ORGANISER_ROLE_ID,
    name: 'Organisateur',
    email: normalizeEmail(email),
    username: normalizeEmail(email),
    passwordHash: await hashPassword(password),
    confirmed: true,
    emailOTPConfirmed: true,
  });
}

/** Used by tests: the ids of demo users by e-mail. */
export async function demoUserIds(db: Db, emails: string[]): Promise<Map<string, number>> {
  const rows = await db
    .select({ id: t.users.id, email: t.users.email })
    .from(t.users)
    .where(and(inArray(t.users.email, emails), isNull(t.users.deletedAt)));
  return new Map(rows.map((r) => [r.email, r.id]));
}
