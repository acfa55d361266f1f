import { randomBytes } from 'node:crypto';
import { mkdir, readdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../../config/env';

/** A file joined to a mail, built when the mail is sent. */
export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

/** One mail as the transport sends it; the sender is always MAIL_FROM. */
export interface MailMessage {
  /** The outbox row's id: names the .eml file and shows in the logs. */
  id?: number;
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  attachments?: MailAttachment[];
  /** Extra headers, e.g. List-Unsubscribe. */
  headers?: Record<string, string>;
}

export interface MailTransport {
  /** 'smtp' with SMTP_URL, 'file' when mails are written under DATA_DIR/mail. */
  kind: 'smtp' | 'file';
  /** Resolves once the server accepted the mail (or the file is written); rejects otherwise. */
  send(message: MailMessage): Promise<void>;
  /** Closes pooled connections; sends after this fail. */
  close(): void;
}

/** A dead or silent server fails the attempt within seconds; the outbox retries it later. */
const SMTP_TIMEOUTS = { connectionTimeout: 5_000, greetingTimeout: 5_000, socketTimeout: 15_000 };

/** The fields nodemailer wants, from our message. */
export function mailOptions(from: string, message: MailMessage) {
  return {
    from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html ?? undefined,
    attachments: message.attachments,
    headers: message.headers,
  };
}

/**
 * Sends through the SMTP server of `url` (smtp:// or smtps://), over a pool of connections: 16, so
 * that the mail worker's mails in flight seldom wait for one (each SMTP reply is a turn of the
 * event loop, long under load).
 */
export function createSmtpTransport(
  url: string,
  from: string,
  options: { maxConnections?: number } = {},
): MailTransport {
  const transporter = nodemailer.createTransport({
    url,
    pool: true,
    maxConnections: options.maxConnections ?? 16,
    ...SMTP_TIMEOUTS,
  });
  return {
    kind: 'smtp',
    async send(message) {
      await transporter.sendMail(mailOptions(from, message));
    },
    close: () => transporter.close(),
  };
}

/** '2024-05-29T10-00-00-000Z': an ISO time that sorts and is a valid file name everywhere. */
const fileStamp = (date: Date) => date.toISOString().replace(/[:.]/g, '-');

/**
 * Writes each mail as an RFC 822 .eml file under `dir` (no mail server needed): the file opens in
 * any mail client, and its name sorts by time and ends with the outbox id.
 */
export function createFileTransport(dir: string, from: string): MailTransport {
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  return {
    kind: 'file',
    async send(message) {
      const info = await composer.sendMail(mailOptions(from, message));
      // A delivered mail may hold a set-password link: for this server's user only.
      await mkdir(dir, { recursive: true, mode: 0o700 });
      const name = `${fileStamp(new Date())}-${message.id ?? randomBytes(4).toString('hex')}.eml`;
      // Written aside then renamed, so whoever lists the folder never reads half a mail.
      const temporary = path.join(dir, `.${name}.tmp`);
      await writeFile(temporary, info.message as Buffer, { mode: 0o600 });
      await rename(temporary, path.join(dir, name));
    },
    close: () => composer.close(),
  };
}

const EML_NAME = /^(\d{4}-\d\d-\d\dT\d\d)-(\d\d)-(\d\d)-(\d{3})Z-(\d+)\.eml$/;

/**
 * The .eml file the file transport wrote for outbox row `id`, or null. The name is built here,
 * never taken from a request. A mail sent twice (a lease that ran out) has two files: the last
 * one is taken. Files written before `notBefore` (the row's creation) are another database's
 * rows that had the same id in the same DATA_DIR, and are left out.
 */
export async function findEmlFile(dir: string, id: number, notBefore: Date): Promise<string | null> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return null;
  }
  // Clocks of the database and of this process may differ a little.
  const since = notBefore.getTime() - 60_000;
  let best: { name: string; at: number } | null = null;
  for (const name of names) {
    const m = EML_NAME.exec(name);
    if (!m || Number(m[5]) !== id) continue;
    const at = Date.parse(`${m[1]}:${m[2]}:${m[3]}.${m[4]}Z`);
    if (at >= since && (!best || at > best.at)) best = { name, at };
  }
  return best ? path.join(dir, best.name) : null;
}

/** Where the file transport writes: DATA_DIR/mail. */
export const mailDir = (config: Pick<Config, 'DATA_DIR'>) => path.join(config.DATA_DIR, 'mail');

/** The transport the configuration asks for: SMTP with SMTP_URL, else files under DATA_DIR/mail. */
export function createMailTransport(config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM' | 'DATA_DIR'>): MailTransport {
  if (config.SMTP_URL) return createSmtpTransport(config.SMTP_URL, config.MAIL_FROM);
  return createFileTransport(mailDir(config), config.MAIL_FROM);
}
