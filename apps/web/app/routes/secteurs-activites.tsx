import { asLanguage, pickFilled } from '@salon/shared';
import { useTranslation } from 'react-i18next';
import { InfoPage } from '../components/ui/info-page';
import { sectorAnchor, useSectorNames } from '../features/info/components/sectors';
import { loadPageSectors } from '../features/info/loaders.server';
import { seoMeta } from '../lib/seo';
import { pageSeo } from '../lib/seo.server';
import type { Route } from './+types/secteurs-activites';
import '../features/info/info.css';

export async function loader({ request, context }: Route.LoaderArgs) {
  return { seo: pageSeo(request, context, 'secteurs'), sectors: await loadPageSectors(context) };
}

export const meta: Route.MetaFunction = ({ data }) => seoMeta(data?.seo);

/** Every sector with its description (from the API; the names alone from the translations if it fails). */
export default function SecteursActivitesPage({ loaderData }: Route.ComponentProps) {
  const { i18n } = useTranslation();
  const { sectors } = loaderData;
  const names = useSectorNames(sectors);
  return (
    <InfoPage pageKey="secteurs">
      <ul className="info-sectors">
        {names.map((s, i) => {
          const sector = sectors[i];
          const description = sector ? pickFilled(asLanguage(i18n.language), sector.description) : '';
          return (
            <li key={s.key} id={sectorAnchor(i + 1)} className="info-sector">
              <h2>{s.name}</h2>
              {description && <p>{description}</p>}
            </li>
          );
        })}
      </ul>
    </InfoPage>
  );
}
