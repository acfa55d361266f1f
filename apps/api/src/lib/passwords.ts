import { hash, verify, type Options } from '@node-rs/argon2';

// Algorithm.Argon2id is an ambient const enum (value 2), which isolated modules cannot read.
// Memory and time costs follow OWASP's argon2id recommendation.
const options: Options = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

// Checked when no account matches, so that a wrong e-mail costs as long as a wrong password.
let decoy: Promise<string> | undefined;

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  if (!passwordHash) {
    await verify(await (decoy ??= hashPassword('decoy-password')), password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}
