import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../config/paths';

/** The frame of an information page: heading, lead, content, and the 'Exposer' call to action. */
export function InfoPage({ pageKey, children, cta = true }: { pageKey: string; children?: ReactNode; cta?: boolean }) {
  const { t } = useTranslation();
  return (
    <article className="container page">
      <h1>{t(`pages.${pageKey}.title`)}</h1>
      <p className="lead">{t(`pages.${pageKey}.lead`)}</p>
      {children}
      {cta && (
        <p className="page-cta">
          <Link className="btn btn-primary" to={paths.exposer}>
            {t('common.exhibit')}
          </Link>
        </p>
      )}
    </article>
  );
}
