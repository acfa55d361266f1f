import { useTranslation } from 'react-i18next';
import { Link, Outlet, useMatches } from 'react-router';
import { paths } from '../../config/paths';
import { LanguageSwitch } from './language-switch';
import './minimal-layout.css';

/**
 * Badge, kiosk and gate screens: no site header or footer, the whole screen for the task. A bar
 * holds the language switch, and on a page whose route asks for it (`handle.homeLink`: the
 * e-badge, opened from a mail) the show's logo and name, a way onto the site.
 */
export default function MinimalLayout() {
  const { t } = useTranslation();
  const homeLink = useMatches().some((m) => (m.handle as { homeLink?: boolean } | undefined)?.homeLink);
  return (
    <div className="minimal">
      <header className="minimal-bar">
        {homeLink && (
          <Link to={paths.home} className="minimal-brand">
            <img src="/assets/images/logo.svg" alt="" width="32" height="32" />
            {t('brand.name')}
          </Link>
        )}
        <nav aria-label={t('lang.label')}>
          <LanguageSwitch />
        </nav>
      </header>
      <main id="main">
        <Outlet />
      </main>
    </div>
  );
}
