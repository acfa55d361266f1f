import { useTranslation } from 'react-i18next';
import { InfoPage } from '../components/ui/info-page';
import { seoMeta } from '../lib/seo';
import { pageSeo } from '../lib/seo.server';
import type { Route } from './+types/editorial';
import '../features/info/info.css';

export function loader({ request, context }: Route.LoaderArgs) {
  return { seo: pageSeo(request, context, 'editorial') };
}

export const meta: Route.MetaFunction = ({ data }) => seoMeta(data?.seo);

const PARAGRAPHS = ['p1', 'p2', 'p3', 'p4', 'p5'] as const;

/** The editorial on the theme, signed by the general commissioner (the specification names no one). */
export default function EditorialPage() {
  const { t } = useTranslation();
  return (
    <InfoPage pageKey="editorial">
      <section className="info-editorial" aria-labelledby="editorial-theme">
        <h2 id="editorial-theme">{t('pages.editorial.theme')}</h2>
        {PARAGRAPHS.map((p) => (
          <p key={p}>{t(`pages.editorial.${p}`)}</p>
        ))}
        <p className="info-signature">{t('pages.editorial.signature')}</p>
      </section>
    </InfoPage>
  );
}
