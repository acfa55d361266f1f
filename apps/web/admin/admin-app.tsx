import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { useState } from 'react';
import { Admin, defaultLightTheme } from 'react-admin';
import { authProvider } from './auth-provider';
import { dataProvider } from './data-provider';
import { DashboardPage } from './dashboard-page';
import { createI18nProvider } from './i18n';
import { AdminLoginPage } from './login-page';
// --- Parts: each part of resources/ (a file, or a folder's index.tsx) exports its <Resource> elements. Add a part here. ---
import { contentResources } from './resources/content';
import { devicesResources } from './resources/devices';
import { editionsResources } from './resources/editions';
import { auditLogResources } from './resources/audit-log';
import { exhibitorAccountsResources } from './resources/exhibitor-accounts';
import { exhibitorPagesResources } from './resources/exhibitor-pages';
import { floorPlanResources } from './resources/floor-plan';
import { mailResources } from './resources/mail';
import { peopleResources } from './resources/people';
import { siteSettingsResources } from './resources/site-settings';
import { staffResources } from './resources/staff';
import { salesResources } from './resources/sales';

/**
 * The organisers' back-office at /admin: a build of its own (apps/web/vite.admin.config.ts).
 *
 * Conventions for a part (a file of resources/, or a folder of them whose index.tsx holds the
 *   <Resource> elements, one file for each list, form or set of actions):
 * - export a fragment of `<Resource name="…">` elements (names are the admin API's paths under
 *   `/backend/api/admin/`); its texts go in each language's file of `i18n/` (`resources.<name>.name`,
 *   `resources.<name>.fields.<field>`; anything else under `admin.<part>.`);
 * - read and write through react-admin's data provider (`data-provider.ts`); other calls (an
 *   action button, an export) through `adminCall` (a declared call of `packages/shared`) / `adminDownload` of `http.ts`;
 * - files through `components/media-input.tsx`, dates through `components/date-time-field.tsx`;
 * - the shapes every part repeats from `components/`: `ResponsiveList` (a phone's list or the
 *   table), `filters.tsx` (search, hall, choices), `ConfirmButton`, `useAdminCall` (a button's
 *   call: busy, then its error notified), `StatusLine`, `FieldRow`, `save-only-toolbar.tsx`,
 *   `crud-pages.tsx`.
 */
const i18nProvider = createI18nProvider();

/** MUI writes its styles at run time: they carry the page's CSP style nonce (the API writes it into admin/index.html). */
function pageNonce(): string | undefined {
  return document.querySelector<HTMLStyleElement>('style[nonce]')?.nonce || undefined;
}

/**
 * react-admin's light theme, with its bar's blue darkened: white on the default #2196f3 is 3.1:1,
 * under the 4.5:1 text needs; on #1565c0 it is 5.8:1.
 */
const lightTheme = {
  ...defaultLightTheme,
  palette: {
    ...defaultLightTheme.palette,
    secondary: { light: '#5e92f3', main: '#1565c0', dark: '#003c8f', contrastText: '#fff' },
  },
};

export default function AdminApp() {
  const [cache] = useState(() => createCache({ key: 'ra', nonce: pageNonce(), prepend: true }));
  return (
    <CacheProvider value={cache}>
      <Admin
        basename="/admin"
        title="admin.title"
        lightTheme={lightTheme}
        dashboard={DashboardPage}
        dataProvider={dataProvider}
        authProvider={authProvider}
        i18nProvider={i18nProvider}
        loginPage={AdminLoginPage}
        requireAuth
        disableTelemetry
      >
        {exhibitorAccountsResources}
        {exhibitorPagesResources}
        {contentResources}
        {floorPlanResources}
        {salesResources}
        {siteSettingsResources}
        {editionsResources}
        {peopleResources}
        {mailResources}
        {devicesResources}
        {auditLogResources}
        {staffResources}
      </Admin>
    </CacheProvider>
  );
}
