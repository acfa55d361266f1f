import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { contentQueries } from '../../lib/content/queries';
import type { Agency, ItemResponse } from '../../lib/content/types';
import { NO_SITE_SETTINGS, type PublicSiteSettings } from '../../lib/site-settings';
import { loaderApiOr } from '../../lib/server-api';
import type { Route } from './+types/site-layout';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import './site-layout.css';

/**
 * The delegated organiser's record shows in the footer of every page; the site
 * settings (venue, public contacts, virtual tour) in the pages that print them.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const [agence, settings] = await Promise.all([
    loaderApiOr<ItemResponse<Agency>>(context, contentQueries.agence, { data: null }),
    loaderApiOr<{ data: PublicSiteSettings }>(context, 'site-settings', { data: NO_SITE_SETTINGS }),
  ]);
  return { agency: agence.data, settings: settings.data };
}

/** The agency and the settings change rarely: read once per visit, not on every navigation. */
export function shouldRevalidate() {
  return false;
}

export default function SiteLayout({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <>
      <a className="skip-link" href="#main">
        {t('nav.skip')}
      </a>
      <SiteHeader />
      <main id="main">
        <Outlet />
      </main>
      <SiteFooter agency={loaderData.agency} />
    </>
  );
}
