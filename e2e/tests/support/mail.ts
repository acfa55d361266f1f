import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from '@playwright/test';

/** Where the e2e server writes its mails (no SMTP_URL): DATA_DIR/mail, one .eml file each. */
const mailDir = path.join(process.env.E2E_DATA_DIR ?? path.resolve(import.meta.dirname, '../../../data/e2e'), 'mail');
/** The mails of the second server, whose clock stands inside the show (see playwright.config.ts). */
export const GATE_MAIL_DIR = path.join(
  process.env.E2E_GATE_DATA_DIR ?? path.resolve(import.meta.dirname, '../../../data/e2e-gate'),
  'mail',
);

/**
 * The newest mail to `to` once the worker wrote it, quoted-printable soft breaks and `=3D`
 * undone. With `count`, waits until exactly that many mails went to `to`.
 */
export async function mailTo(to: string, count?: number, dir = mailDir): Promise<string> {
  let found: string[] = [];
  await expect
    .poll(
      async () => {
        const files = (await readdir(dir).catch(() => [])).filter((f) => f.endsWith('.eml')).sort();
        const mails = await Promise.all(files.map((f) => readFile(path.join(dir, f), 'utf8')));
        found = mails.filter((m) => m.includes(`To: ${to}`));
        return count === undefined ? found.length > 0 : found.length === count;
      },
      { timeout: 15_000, message: `a mail to ${to}` },
    )
    .toBe(true);
  return found
    .at(-1)!
    .replace(/=\r?\n/g, '')
    .replace(/=3D/g, '=');
}
