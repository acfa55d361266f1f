import type { Config } from '../../config/env';
import type { Db } from '../../db/client';
import type { Clock } from '@salon/shared';
import type { Jwt } from '../../lib/jwt';
import type { BadgeService } from '../badges/badges.service';
import type { DirectoryCache } from '../directory/directory.service';
import type { KioskService } from '../kiosk/kiosk.service';
import type { SiteSettingsStore } from '../content/site-settings.service';
import { type MailLinks } from '../mail/links';
import type { FileKeys } from '../media/held-files';

/** What every part of the back-office may use; app.ts builds it once. */
export interface AdminDeps {
  db: Db;
  clock: Clock;
  config: Config;
  /** Signs the links put in mails (set-password, newsletter) and knows the public address. */
  mail: MailLinks;
  /** Wakes this process's mail worker after a commit that queued mail. */
  onQueued: () => void;
  /** Cleared after any change the public directory shows. */
  directoryCache: DirectoryCache;
  badges: BadgeService;
  /** The public settings' cache, cleared on every instance after a change. */
  siteSettings: SiteSettingsStore;
  kiosks: KioskService;
  /** After another edition was made current: every instance forgets what it kept of the last one. */
  editionChanged: () => void;
  /** Signs an organiser's preview of an edition's public site. */
  jwt: Jwt;
  /** Opens the exhibitors' files that no public page names yet. */
  fileKeys: FileKeys;
}
