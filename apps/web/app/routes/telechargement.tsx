import { useTranslation } from 'react-i18next';
import { InfoPage } from '../components/ui/info-page';
import { downloadUrl, FILE_KEYS } from '../config/files';
import { seoMeta } from '../lib/seo';
import { useShowYear } from '../lib/show';
import { pageSeo } from '../lib/seo.server';
import type { Route } from './+types/telechargement';

export function loader({ request, context }: Route.LoaderArgs) {
  return { seo: pageSeo(request, context, 'telechargement') };
}

export const meta: Route.MetaFunction = ({ data }) => seoMeta(data?.seo);

/** The current edition's three PDFs. */
export default function TelechargementPage() {
  const { t } = useTranslation();
  const year = useShowYear();
  return (
    <InfoPage pageKey="telechargement">
      <ul className="download-list">
        {FILE_KEYS.map((file) => (
          <li key={file}>
            <a className="btn btn-primary" href={year ? downloadUrl(file, year) : undefined} download>
              {t(`downloads.${file}`)}
            </a>
          </li>
        ))}
      </ul>
    </InfoPage>
  );
}
