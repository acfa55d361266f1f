import type { MailStatus } from './states';

/** What `GET admin/mails` answers for one mail (its page adds the bodies). */
export interface MailRow {
  id: number;
  to: string;
  subject: string;
  status: MailStatus;
  attempts: number;
  lastError: string | null;
  nextAttemptAt: string;
  sentAt: string | null;
  createdAt: string;
  text?: string;
  html?: string | null;
  /** The mail carries a set-password link, made when it left and never kept: shown redacted. */
  linkRedacted?: boolean;
}
