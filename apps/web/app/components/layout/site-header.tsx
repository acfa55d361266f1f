import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation, useRouteLoaderData } from 'react-router';
import { navigation, paths, type PathKey } from '../../config/paths';
import type { Agency } from '../../features/content/types';
import { LanguageSwitch } from './language-switch';

export function SiteHeader({ agency }: { agency: Agency | null }) {
  const { t } = useTranslation();
  const location = useLocation();
  const navRef = useRef<HTMLElement>(null);
  const root = useRouteLoaderData<{ productSlug?: string }>('root');
  const href = (key: PathKey) => (key === 'product' ? `/${root?.productSlug ?? 'salon'}` : paths[key]);
  // Menus are <details>: they work before any script; close them after a navigation.
  useEffect(() => {
    navRef.current?.querySelectorAll('details[open]').forEach((d) => d.removeAttribute('open'));
  }, [location.pathname]);
  return (
    <header className="site-header">
      <div className="container header-bar">
        <Link to={paths.home} className="brand" aria-label={t('nav.home')}>
          <img src="/assets/images/logo.svg" alt="" width="44" height="44" />
          <span>
            <strong>{t('brand.name')}</strong>
            <small>{t('brand.dates')}</small>
          </span>
        </Link>
        <nav ref={navRef} className="main-nav" aria-label={t('nav.label')}>
          {/* The toggle only opens the list on phones; wide screens show the list as a bar. */}
          <details className="nav-toggle">
            <summary>
              <span aria-hidden="true">☰</span> {t('nav.menu')}
            </summary>
          </details>
          <ul className="nav-groups">
            {navigation.map((group) => (
              <li key={group.key}>
                <details className="nav-group">
                  <summary>{t(`nav.groups.${group.key}`)}</summary>
                  <ul>
                    {group.items.map((key) => (
                      <li key={key}>
                        <NavLink to={href(key)}>{t(`pages.${key}.title`)}</NavLink>
                      </li>
                    ))}
                  </ul>
                </details>
              </li>
            ))}
            <li>
              <NavLink to={paths.espaceExposant} className="nav-cta">
                {t('nav.exhibitorArea')}
              </NavLink>
            </li>
          </ul>
        </nav>
        {agency?.logo && (
          <a
            className="header-agency"
            href={agency.website ?? undefined}
            title={t('footer.delegatedBy', { name: agency.name })}
          >
            <img src={agency.logo.url} alt={t('footer.delegatedBy', { name: agency.name })} width="40" height="40" />
          </a>
        )}
        <LanguageSwitch />
      </div>
    </header>
  );
}
