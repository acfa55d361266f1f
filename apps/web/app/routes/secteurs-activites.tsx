import { InfoPage } from '../components/ui/info-page';
import { seoMeta } from '../lib/seo';
import { pageSeo } from '../lib/seo.server';
import type { Route } from './+types/secteurs-activites';

export function loader({ request, context }: Route.LoaderArgs) {
  return { seo: pageSeo(request, context, 'secteurs') };
}

export const meta: Route.MetaFunction = ({ data }) => seoMeta(data?.seo);

export default function SecteursActivitesPage() {
  return <InfoPage pageKey="secteurs" />;
}
