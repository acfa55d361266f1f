import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { infoPages, paths } from '../config/paths';

export function pageKey(pathname: string) {
  return infoPages.find((key) => paths[key] === pathname) ?? 'notFound';
}

export default function InfoPage() {
  const { t } = useTranslation();
  const key = pageKey(useLocation().pathname);
  return (
    <div className="container page">
      <h1>{t(`pages.${key}.title`)}</h1>
      <p className="lead">{t(`pages.${key}.lead`)}</p>
    </div>
  );
}
