import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation, useRouteLoaderData } from 'react-router';
import type { PathKey } from '@salon/shared';
import { navigation, pathOf, paths } from '../../config/paths';
import { LanguageSwitch } from './language-switch';
import { useShowYear } from '../../lib/show';

/**
 * The show's logo, its menus, 'Espace exposant' and FR/EN. Nothing else: a picture beside
 * 'Espace exposant' reads as the signed-in person's avatar, so the delegated organiser's logo is
 * shown with the other organisers on the home page and in the footer.
 */
export function SiteHeader() {
  const { t } = useTranslation();
  const location = useLocation();
  const navRef = useRef<HTMLElement>(null);
  const root = useRouteLoaderData<{ productSlug?: string }>('root');
  const year = useShowYear();
  // The show page at its slug; the plan and the programme at the current edition's year.
  const href = (key: PathKey) => (key === 'product' ? `/${root?.productSlug ?? 'salon'}` : pathOf(key, year));
  // Menus are <details>: they work before any script; close them after a navigation (a form's
  // anchor on the home page too, or the open menu would cover it on a phone). Only after one: on a
  // page that starts its scripts at the first tap (decision 025), that tap may have opened a menu,
  // which must stay open when they arrive.
  const shown = useRef(location.pathname + location.hash);
  useEffect(() => {
    const at = location.pathname + location.hash;
    if (at === shown.current) return;
    shown.current = at;
    navRef.current?.querySelectorAll('details[open]').forEach((d) => d.removeAttribute('open'));
  }, [location.pathname, location.hash]);
  // The sticky header's height, for the anchors that scroll below it (scroll-margin-top in
  // app.css): it wraps onto two or three lines on a phone, and its content varies.
  const headerRef = useRef<HTMLElement>(null);
  useEffect(() => {
    const header = headerRef.current;
    if (!header || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() =>
      document.documentElement.style.setProperty('--header-height', `${header.offsetHeight}px`),
    );
    observer.observe(header);
    return () => observer.disconnect();
  }, []);
  return (
    <header ref={headerRef} className="site-header">
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
                    {group.items.map((item) =>
                      typeof item === 'string' ? (
                        <li key={item}>
                          <NavLink to={href(item)}>{t(`pages.${item}.title`)}</NavLink>
                        </li>
                      ) : (
                        // A form on the home page: a plain link, never marked as the current page.
                        <li key={item.to}>
                          <Link to={item.to}>{t(item.label)}</Link>
                        </li>
                      ),
                    )}
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
        <LanguageSwitch />
      </div>
    </header>
  );
}
