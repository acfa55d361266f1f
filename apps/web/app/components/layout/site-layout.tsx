import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { contentQueries } from '../../lib/content/queries';
import { getAgence, getSiteSettings } from '@salon/shared';
import { NO_SITE_SETTINGS } from '../../lib/site-settings';
import { loaderDataOr } from '../../lib/server-api';
import type { Route } from './+types/site-layout';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import './site-layout.css';

/**
 * The delegated organiser's record shows in the footer of every page; the site
 * settings (venue, public contacts, virtual tour) in the pages that print them.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const [agency, settings] = await Promise.all([
    loaderDataOr(context, getAgence, { query: contentQueries.agence }, null),
    loaderDataOr(context, getSiteSettings, {}, NO_SITE_SETTINGS),
  ]);
  return { agency, settings };
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
