import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { homeFormIds } from '../../../config/paths';
import { ExhibitorEnquiryFormCard } from './exhibitor-enquiry-form';
import { VisitorRegistrationForm } from '../../../components/registration/visitor-form';

const IDS: readonly string[] = Object.values(homeFormIds);

/**
 * The home page's visitor registration and exhibitor enquiry, side by side on wide screens.
 * The site's calls to action lead here (/#inscription-visiteur, /#demande-exposant): this code
 * may load only after the router looked for the anchor, so once it is there it brings the form
 * into view (below the sticky header: scroll-margin-top in app.css); each time, it moves the
 * keyboard there, as following an in-page link does.
 */
export default function HomeForms() {
  const { t } = useTranslation();
  const { hash } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    const id = hash.slice(1);
    const target = IDS.includes(id) ? document.getElementById(id) : null;
    // Just loaded for this anchor; later ones the router scrolls to, the forms being there.
    if (target && first.current) target.scrollIntoView({ block: 'start' });
    first.current = false;
    target?.focus({ preventScroll: true });
  }, [hash]);
  return (
    <section className="home-forms container" aria-label={t('home.formsLabel')}>
      <article id={homeFormIds.visitorRegistration} className="card" tabIndex={-1}>
        <VisitorRegistrationForm />
      </article>
      <article id={homeFormIds.exhibitorEnquiry} className="card" tabIndex={-1}>
        <ExhibitorEnquiryFormCard />
      </article>
    </section>
  );
}
