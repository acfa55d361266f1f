import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LANGUAGES, asLanguage, pickFilled, dayText, type ExhibitorPage } from '@salon/shared';
import { slotText } from '../../../lib/conference-format';
import { FallbackImg } from '../../../components/ui/fallback-img';
import { paths, standOnPlan } from '../../../config/paths';
import { useShowYear } from '../../../lib/show';
import { DEFAULT_LOGO } from './exhibitor-card';
import { VisitToggle } from '../../../components/visit-toggle';

/**
 * An exhibitor's page of the directory: who it is, where its stand is, what it writes about
 * itself, its brands, links and documents, and the conferences it gives. Everything it wrote is
 * shown as text (React escapes it), its line breaks kept.
 */
export function ExhibitorPageView({
  page,
  kept,
  keptTalks = [],
}: {
  page: ExhibitorPage;
  /** In the device's 'Ma visite' (its button is shown); none in a preview. */ kept?: boolean;
  /** Its conferences in the device's 'Ma visite'. */
  keptTalks?: number[];
}) {
  const { t, i18n } = useTranslation();
  const lang = asLanguage(i18n.language);
  const year = useShowYear();
  const descriptions = page.description;
  const description = pickFilled(lang, descriptions);
  // The text in another language when the page's is missing: said so to screen readers.
  const descriptionLang = descriptions[lang] ? lang : LANGUAGES.find((l) => descriptions[l]);
  const sectors = page.sectors.length
    ? page.sectors.map((s) => pickFilled(lang, s.name))
    : [page.secteurActivite].filter((s): s is string => !!s).map((s) => t(`sectorChoices.${s}`, { defaultValue: s }));
  return (
    <article className="container page exhibitor-page">
      <p>
        <Link to={paths.annuaire}>← {t('pages.annuaire.title')}</Link>
      </p>
      <header className="exhibitor-head">
        <FallbackImg
          src={page.logo?.formats.small.url ?? page.logo?.url}
          fallback={DEFAULT_LOGO}
          alt={t('exhibitorPage.logo', { company: page.company })}
          width="120"
          height="120"
        />
        <div>
          <h1>{page.company}</h1>
          {sectors.length > 0 && (
            <ul className="exhibitor-sectors" aria-label={t('exhibitorPage.sectors')}>
              {sectors.map((name) => (
                <li key={name}>{name}</li>
              ))}
            </ul>
          )}
          {page.pays && <p className="exhibitor-country">{page.pays}</p>}
        </div>
      </header>
      <section className="exhibitor-stand card" aria-labelledby="exhibitor-stand">
        <h2 id="exhibitor-stand">{t('exhibitorPage.where')}</h2>
        <dl>
          <dt>{t('directory.hall')}</dt>
          <dd>{page.gate?.name ?? '—'}</dd>
          <dt>{t('directory.stand')}</dt>
          <dd>{page.booth ?? '—'}</dd>
        </dl>
        <div className="exhibitor-stand-actions">
          {page.booth && year && (
            <Link className="btn btn-primary see-on-plan" to={standOnPlan(page.booth, year)}>
              {t('plan.seeOnPlan')}
            </Link>
          )}
          {kept !== undefined && <VisitToggle kind="exhibitors" id={page.id} kept={kept} name={page.company} />}
        </div>
      </section>
      {description && (
        <section aria-labelledby="exhibitor-about">
          <h2 id="exhibitor-about">{t('exhibitorPage.about')}</h2>
          <p className="exhibitor-description" lang={descriptionLang}>
            {description}
          </p>
        </section>
      )}
      {page.brands.length > 0 && (
        <section aria-labelledby="exhibitor-brands">
          <h2 id="exhibitor-brands">{t('exhibitorPage.brands')}</h2>
          <ul className="exhibitor-brands">
            {page.brands.map((brand) => (
              <li key={brand}>{brand}</li>
            ))}
          </ul>
        </section>
      )}
      {page.links.length > 0 && (
        <section aria-labelledby="exhibitor-links">
          <h2 id="exhibitor-links">{t('exhibitorPage.links')}</h2>
          <ul className="exhibitor-links">
            {page.links.map(({ kind, url }) => (
              <li key={kind}>
                {/* The exhibitor's own links: followed by no search engine, given no access to this page. */}
                <a href={url} rel="nofollow noopener noreferrer ugc">
                  {t(`exhibitorPage.linkKinds.${kind}`)}
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}
      {page.documents.length > 0 && (
        <section aria-labelledby="exhibitor-documents">
          <h2 id="exhibitor-documents">{t('exhibitorPage.documents')}</h2>
          <ul className="exhibitor-documents">
            {page.documents.map((doc) => (
              <li key={doc.id}>
                <a href={doc.url} type="application/pdf">
                  {doc.name} <span className="muted">(PDF)</span>
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}
      {page.conferences.length > 0 && (
        <section aria-labelledby="exhibitor-conferences">
          <h2 id="exhibitor-conferences">{t('exhibitorPage.conferences')}</h2>
          <ul className="exhibitor-conferences">
            {page.conferences.map((c) => (
              <li key={c.id}>
                <div>
                  <Link to={`${paths.conference}/${c.id}`}>
                    {c.number} — {pickFilled(lang, c.title)}
                  </Link>
                  <span>
                    {dayText(c.day, lang)} · {slotText(c, lang)}
                  </span>
                </div>
                {kept !== undefined && (
                  <VisitToggle
                    kind="conferences"
                    id={c.id}
                    kept={keptTalks.includes(c.id)}
                    name={pickFilled(lang, c.title)}
                    compact
                  />
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
    </article>
  );
}
