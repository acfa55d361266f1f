import { InfoPage } from '../components/ui/info-page';
import { AutoDownload } from '../features/downloads/components/auto-download';
import { seoMeta } from '../lib/seo';
import { pageSeo } from '../lib/seo.server';
import type { Route } from './+types/plan-2024';

export function loader({ request, context }: Route.LoaderArgs) {
  return { seo: pageSeo(request, context, 'plan') };
}

export const meta: Route.MetaFunction = ({ data }) => seoMeta(data?.seo);

export default function Plan2024Page() {
  return (
    <InfoPage pageKey="plan" cta={false}>
      <AutoDownload file="plan" />
    </InfoPage>
  );
}
