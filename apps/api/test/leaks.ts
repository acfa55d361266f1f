/**
 * What no answer may carry: the access matrix runs every body it gets through these checks, so
 * that a new field or join that leaks a secret or another person's contact details fails a test
 * even when the status is right.
 */

/**
 * Keys that hold a secret or a server-side flag (the columns of src/db/schema.ts and the usual
 * Strapi names), compared without case, `_` or `-`: `passwordHash`, `password_hash` and
 * `PasswordHash` are one key.
 */
export const SECRET_KEYS = [
  'password',
  'passwordHash',
  'tokenVersion',
  'tokenHash',
  'badgeKey',
  'secret',
  'jwtSecret',
  'privateKey',
  'badgePrivateKey',
  'resetPasswordToken',
  'confirmationToken',
  'internalToken',
  'internalCallToken',
] as const;

const normalKey = (key: string) => key.toLowerCase().replace(/[-_]/g, '');

/** The paths (`data[0].user.passwordHash`) of every key of the deny-list, at any depth. */
export const secretKeysIn = (value: unknown): string[] => keysIn(value, SECRET_KEYS);

/** The paths of every key named in `names` (compared as SECRET_KEYS are), at any depth. */
export function keysIn(value: unknown, names: readonly string[], path = ''): string[] {
  const wanted = new Set(names.map(normalKey));
  const walk = (node: unknown, at: string): string[] => {
    if (Array.isArray(node)) return node.flatMap((item, i) => walk(item, `${at}[${i}]`));
    if (node === null || typeof node !== 'object') return [];
    return Object.entries(node).flatMap(([key, child]) => {
      const here = at ? `${at}.${key}` : key;
      return [...(wanted.has(normalKey(key)) ? [here] : []), ...walk(child, here)];
    });
  };
  return walk(value, path);
}

export interface Person {
  /** How a failure names them ('exhibitor B'). */
  label: string;
  email: string;
  phone: string | null;
}

const digits = (text: string) => text.replace(/\D/g, '');

/** Runs of a body that may be a phone number in any writing: '+212 6 12 34 56 78', '0612345678'. */
const PHONE_LIKE = /\+?\d[\d\s().-]{6,}\d/g;

/**
 * The people whose e-mail (without case) or phone number (in any writing: its last nine digits,
 * the number without its country or trunk prefix, inside a run that looks like a phone) appear
 * in a body.
 */
export function peopleIn(body: string, people: readonly Person[]): string[] {
  const lower = body.toLowerCase();
  // A bare run of 9 digits or fewer is an id or a count, not a phone written out.
  const phoneRuns = (body.match(PHONE_LIKE) ?? []).filter((run) => /\D/.test(run) || run.length >= 10).map(digits);
  return people
    .filter(({ email, phone }) => {
      if (lower.includes(email.toLowerCase())) return true;
      const number = phone ? digits(phone).slice(-9) : '';
      return number.length === 9 && phoneRuns.some((run) => run.includes(number));
    })
    .map((p) => p.label);
}
