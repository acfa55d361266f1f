import { InfoPage } from '../components/ui/info-page';
import { seoMeta } from '../lib/seo';
import { pageSeo } from '../lib/seo.server';
import type { Route } from './+types/structure-et-organisation';

export function loader({ request, context }: Route.LoaderArgs) {
  return { seo: pageSeo(request, context, 'structure') };
}

export const meta: Route.MetaFunction = ({ data }) => seoMeta(data?.seo);

export default function StructureEtOrganisationPage() {
  return <InfoPage pageKey="structure" />;
}
