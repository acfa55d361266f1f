import { InfoPage } from '../components/ui/info-page';
import { seoMeta } from '../lib/seo';
import { pageSeo } from '../lib/seo.server';
import type { Route } from './+types/infos-pratiques';

export function loader({ request, context }: Route.LoaderArgs) {
  return { seo: pageSeo(request, context, 'infosPratiques') };
}

export const meta: Route.MetaFunction = ({ data }) => seoMeta(data?.seo);

export default function InfosPratiquesPage() {
  return <InfoPage pageKey="infosPratiques" />;
}
