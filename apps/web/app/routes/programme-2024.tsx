import { InfoPage } from '../components/ui/info-page';
import { AutoDownload } from '../features/downloads/components/auto-download';
import { seoMeta } from '../lib/seo';
import { pageSeo } from '../lib/seo.server';
import type { Route } from './+types/programme-2024';

export function loader({ request, context }: Route.LoaderArgs) {
  return { seo: pageSeo(request, context, 'programmePdf') };
}

export const meta: Route.MetaFunction = ({ data }) => seoMeta(data?.seo);

export default function Programme2024Page() {
  return (
    <InfoPage pageKey="programmePdf" cta={false}>
      <AutoDownload file="programme" />
    </InfoPage>
  );
}
