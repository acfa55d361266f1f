import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import type { Agency } from '@salon/shared';

export function SiteFooter({ agency }: { agency: Agency | null }) {
  const { t } = useTranslation();
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <section>
          <h2>{t('footer.organisationTitle')}</h2>
          <ul className="plain">
            <li>{t('footer.founder')}</li>
            <li>{t('footer.coOrganiser')}</li>
            <li>{t('footer.support')}</li>
            <li>{t('footer.delegated')}</li>
          </ul>
          {/* A record without a name is one nobody filled in yet (no demo data). The agency's mark is
              here, named, and leads to its website: not in the header, where it read as an avatar. */}
          {agency?.name && (
            <div className="footer-agency">
              <p>
                <AgencyMark agency={agency} />
                {agency.email && (
                  <>
                    <br />
                    <a href={`mailto:${agency.email}`}>{agency.email}</a>
                  </>
                )}
              </p>
              {agency.image && (
                <img
                  className="footer-agency-image"
                  src={agency.image.url}
                  alt=""
                  width="160"
                  height="100"
                  loading="lazy"
                />
              )}
            </div>
          )}
        </section>
        <section>
          <h2>{t('footer.showTitle')}</h2>
          <p>{t('footer.when')}</p>
          <p>{t('footer.entry')}</p>
        </section>
        <section>
          <h2>{t('footer.linksTitle')}</h2>
          <ul className="plain">
            <li>
              <Link to={paths.infosPratiques}>{t('pages.infosPratiques.title')}</Link>
            </li>
            <li>
              <Link to={paths.annuaire}>{t('pages.annuaire.title')}</Link>
            </li>
            <li>
              <Link to={paths.infosContact}>{t('pages.infosContact.title')}</Link>
            </li>
            <li>
              <Link to={paths.login}>{t('nav.exhibitorArea')}</Link>
            </li>
          </ul>
        </section>
      </div>
      <p className="container copyright">{t('footer.copyright')}</p>
    </footer>
  );
}

/** The delegated organiser's logo and name, a link to its website when it has one. */
function AgencyMark({ agency }: { agency: Agency }) {
  const { t } = useTranslation();
  const mark = (
    <>
      {agency.logo_footer && <img src={agency.logo_footer.url} alt="" width="56" height="56" loading="lazy" />}
      <span>{t('footer.delegatedBy', { name: agency.name })}</span>
    </>
  );
  return agency.website ? (
    <a className="footer-agency-mark" href={agency.website}>
      {mark}
    </a>
  ) : (
    <span className="footer-agency-mark">{mark}</span>
  );
}
