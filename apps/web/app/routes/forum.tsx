import { InfoPage } from '../components/ui/info-page';
import { seoMeta } from '../lib/seo';
import { pageSeo } from '../lib/seo.server';
import type { Route } from './+types/forum';

export function loader({ request, context }: Route.LoaderArgs) {
  return { seo: pageSeo(request, context, 'forum') };
}

export const meta: Route.MetaFunction = ({ data }) => seoMeta(data?.seo);

export default function ForumPage() {
  return <InfoPage pageKey="forum" />;
}
