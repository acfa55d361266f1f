import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../config/paths';

export function meta() {
  return [
    { title: 'Salon International du Bâtiment 2024 — Marrakech' },
    {
      name: 'description',
      content: 'Salon International du Bâtiment, 6e édition, du 29 mai au 1er juin 2024 à Marrakech.',
    },
  ];
}

export default function Home() {
  const { t } = useTranslation();
  return (
    <section className="hero">
      <div className="container hero-inner">
        <img src="/assets/images/logo.svg" alt={t('brand.name')} width="120" height="120" />
        <p className="hero-edition">{t('home.edition')}</p>
        <h1>{t('home.title')}</h1>
        <p className="hero-theme">{t('home.theme')}</p>
        <p className="hero-dates">{t('brand.dates')}</p>
        <div className="hero-actions">
          <Link className="btn btn-primary" to={paths.exposer}>
            {t('common.exhibit')}
          </Link>
          <Link className="btn btn-light" to={paths.infosPratiques}>
            {t('pages.infosPratiques.title')}
          </Link>
        </div>
      </div>
    </section>
  );
}
