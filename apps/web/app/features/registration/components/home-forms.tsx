import { useTranslation } from 'react-i18next';
import { ExhibitorEnquiryFormCard } from './exhibitor-enquiry-form';
import { VisitorRegistrationForm } from './visitor-form';

/** The home page's visitor registration and exhibitor enquiry, side by side on wide screens. */
export default function HomeForms() {
  const { t } = useTranslation();
  return (
    <section className="home-forms container" aria-label={t('home.formsLabel')}>
      <article id="inscription-visiteur" className="card">
        <VisitorRegistrationForm />
      </article>
      <article id="demande-exposant" className="card">
        <ExhibitorEnquiryFormCard />
      </article>
    </section>
  );
}
