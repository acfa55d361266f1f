import { useTranslation } from 'react-i18next';
import { paths } from '../config/paths';
import { MailLink, PageLinks } from '../features/info/components/blocks';
import { useContact } from '../features/info/contacts';
import { seoMeta } from '../lib/seo';
import { pageSeo } from '../lib/seo.server';
import type { Route } from './+types/bientot-disponible';

/** The four addresses of the shared coming-soon page, each with its own title and lead. */
const COMING_SOON = {
  [paths.exposer]: 'exposer',
  [paths.demanderVotreBadge]: 'demanderVotreBadge',
  [paths.assisterAuForum]: 'assisterAuForum',
  [paths.bientotDisponible]: 'bientotDisponible',
} as const satisfies Record<string, string>;
type ComingSoonKey = (typeof COMING_SOON)[keyof typeof COMING_SOON];

function keyOf(pathname: string): ComingSoonKey {
  const path = pathname.replace(/\/+$/, '') as keyof typeof COMING_SOON;
  return COMING_SOON[path] ?? 'bientotDisponible';
}

export function loader({ request, context }: Route.LoaderArgs) {
  const key = keyOf(new URL(request.url).pathname);
  return { key, seo: pageSeo(request, context, key) };
}

export const meta: Route.MetaFunction = ({ data }) => seoMeta(data?.seo);

/** 'Bientôt disponible' at /bientot-disponible, /exposer, /demander-votre-badge and /assister-au-forum. */
export default function BientotDisponiblePage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { key } = loaderData;
  const exhibitorsEmail = useContact('exhibitors').email;
  const links = {
    exposer: [
      { key: 'pourquoiExposer', to: paths.pourquoiExposer },
      { key: 'pourquoiSponsoriser', to: paths.pourquoiSponsoriser },
      { key: 'infosContact', to: paths.infosContact },
    ],
    demanderVotreBadge: [
      { key: 'infosPratiques', to: paths.infosPratiques },
      { key: 'infosAcces', to: paths.infosAcces },
      { key: 'infosHoraire', to: paths.infosHoraire },
    ],
    assisterAuForum: [
      { key: 'forum', to: paths.forum },
      { key: 'programme', to: paths.programme },
      { key: 'intervenir', to: paths.intervenir },
    ],
    bientotDisponible: [
      { key: 'infosPratiques', to: paths.infosPratiques },
      { key: 'programme', to: paths.programme },
      { key: 'infosContact', to: paths.infosContact },
    ],
  }[key];
  return (
    <article className="container page info-coming-soon">
      <h1>{t('pages.bientotDisponible.title')}</h1>
      <p className="lead">{t(`pages.${key}.lead`)}</p>
      {key === 'exposer' && exhibitorsEmail && (
        <p>
          {t('pages.exposer.contact')} <MailLink email={exhibitorsEmail} />
        </p>
      )}
      <p className="info-meanwhile">{t('pages.bientotDisponible.meanwhile')}</p>
      <PageLinks links={links} />
    </article>
  );
}
