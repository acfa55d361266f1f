import { InfoPage } from '../components/ui/info-page';
import { seoMeta } from '../lib/seo';
import { pageSeo } from '../lib/seo.server';
import type { Route } from './+types/programme-du-forum';

export function loader({ request, context }: Route.LoaderArgs) {
  return { seo: pageSeo(request, context, 'programme') };
}

export const meta: Route.MetaFunction = ({ data }) => seoMeta(data?.seo);

export default function ProgrammeDuForumPage() {
  return <InfoPage pageKey="programme" />;
}
