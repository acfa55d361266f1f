import { InfoPage } from '../components/ui/info-page';
import { seoMeta } from '../lib/seo';
import { pageSeo } from '../lib/seo.server';
import type { Route } from './+types/intervenir-lors-du-forum';

export function loader({ request, context }: Route.LoaderArgs) {
  return { seo: pageSeo(request, context, 'intervenir') };
}

export const meta: Route.MetaFunction = ({ data }) => seoMeta(data?.seo);

export default function IntervenirLorsDuForumPage() {
  return <InfoPage pageKey="intervenir" />;
}
