import { redirect } from 'react-router';
import type { WebLoadContext } from '@salon/shared';
import { InfoPage } from '../components/ui/info-page';
import { seoMeta } from '../lib/seo';
import { pageSeo } from '../lib/seo.server';
import type { Route } from './+types/product';

/** The show presentation lives at the configured slug ('salon' by default); any other single segment goes home. */
export function loader({ request, context, params }: Route.LoaderArgs) {
  const slug = (context as Partial<WebLoadContext> | undefined)?.productSlug ?? 'salon';
  if (params.product !== slug) throw redirect('/');
  return { seo: pageSeo(request, context, 'product') };
}

export const meta: Route.MetaFunction = ({ data }) => seoMeta(data?.seo);

export default function ProductPage() {
  return <InfoPage pageKey="product" />;
}
