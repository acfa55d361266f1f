import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formLinks } from '../../config/paths';

/**
 * The frame of an information page: heading, lead, content, and the 'Exposer' call to action,
 * which opens the exhibitor enquiry form on the home page.
 */
export function InfoPage({
  pageKey,
  values,
  children,
  cta = true,
}: {
  pageKey: string;
  /** What the title and lead are filled with, beyond the current edition's facts ({ year } of another). */
  values?: Record<string, unknown>;
  children?: ReactNode;
  cta?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <article className="container page">
      <h1>{t(`pages.${pageKey}.title`, values)}</h1>
      <p className="lead">{t(`pages.${pageKey}.lead`, values)}</p>
      {children}
      {cta && (
        <p className="page-cta">
          <Link className="btn btn-primary" to={formLinks.exhibitorEnquiry}>
            {t('common.exhibit')}
          </Link>
        </p>
      )}
    </article>
  );
}
