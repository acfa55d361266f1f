import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { minimalPages, paths } from '../config/paths';

export default function MinimalPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const key = minimalPages.find((k) => paths[k] === pathname) ?? 'borne';
  return (
    <div className="container page">
      <h1>{t(`pages.${key}.title`)}</h1>
    </div>
  );
}
