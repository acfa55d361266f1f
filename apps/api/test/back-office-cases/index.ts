import type { AdminArea } from './area';
import { contentArea } from './content';
import { dashboardArea } from './dashboard';
import { devicesArea } from './devices';
import { exhibitorAccountsArea } from './exhibitor-accounts';
import { exhibitorPagesArea } from './exhibitor-pages';
import { mailDashboardArea } from './mail-dashboard';
import { peopleArea } from './people';
import { salesArea } from './sales';
import { siteSettingsArea } from './site-settings';
import { staffArea } from './staff';

/** Every part of the back-office; each file says how to call its routes. */
export const ADMIN_AREAS: AdminArea[] = [
  dashboardArea,
  devicesArea,
  exhibitorAccountsArea,
  exhibitorPagesArea,
  staffArea,
  contentArea,
  siteSettingsArea,
  peopleArea,
  mailDashboardArea,
  salesArea,
];
