import { useTranslation } from 'react-i18next';
import './pager.css';

/** 'Précédent', 'Page 2 sur 5', 'Suivant' under a paged table; nothing when there is one page. */
export function Pager({
  page,
  pageCount,
  onPage,
  label,
}: {
  page: number;
  pageCount: number;
  onPage: (page: number) => void;
  label: string;
}) {
  const { t } = useTranslation();
  if (pageCount <= 1) return null;
  return (
    <nav className="pager" aria-label={label}>
      <button type="button" className="btn btn-outline" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('area.collaborators.previous')}
      </button>
      <span>{t('area.collaborators.pageOf', { page, count: pageCount })}</span>
      <button type="button" className="btn btn-outline" disabled={page >= pageCount} onClick={() => onPage(page + 1)}>
        {t('area.collaborators.next')}
      </button>
    </nav>
  );
}
