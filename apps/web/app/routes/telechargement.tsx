import { useTranslation } from 'react-i18next';
import { InfoPage } from '../components/ui/info-page';
import { downloadUrl, type FileKey } from '../features/downloads/files';
import { seoMeta } from '../lib/seo';
import { pageSeo } from '../lib/seo.server';
import type { Route } from './+types/telechargement';

export function loader({ request, context }: Route.LoaderArgs) {
  return { seo: pageSeo(request, context, 'telechargement') };
}

export const meta: Route.MetaFunction = ({ data }) => seoMeta(data?.seo);

const FILES: FileKey[] = ['programme', 'plan', 'catalogue'];

export default function TelechargementPage() {
  const { t } = useTranslation();
  return (
    <InfoPage pageKey="telechargement">
      <ul className="download-list">
        {FILES.map((file) => (
          <li key={file}>
            <a className="btn btn-primary" href={downloadUrl(file)} download>
              {t(`downloads.${file}`)}
            </a>
          </li>
        ))}
      </ul>
    </InfoPage>
  );
}
