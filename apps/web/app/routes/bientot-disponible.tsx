import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formLinks, paths } from '../config/paths';
import { MailLink, PageLinks } from '../features/info/components/blocks';
import { useContact } from '../lib/site-settings';
import { seoMeta } from '../lib/seo';
import { pageSeo } from '../lib/seo.server';
import type { Route } from './+types/bientot-disponible';
import '../features/info/info.css';
import { StandSale } from '../features/stand-sales/components/stand-sale';
import { loadEnquiryPrefill, loadPriorityPrefill, loadStandOffer } from '../features/stand-sales/sale.server';

/**
 * The specification's shared coming-soon page, at four addresses. Three of them name something
 * the site does: each says so, under its own title, and leads there with one button
 * ('Exposer' to the exhibitor enquiry, the badge to the visitor registration, the forum to the
 * programme, where each conference has its registration). Only /bientot-disponible itself says
 * 'Bientôt disponible'; no link of the site leads to it. While the organiser sells the current
 * edition's stands online, /exposer is where a company picks and holds its stand.
 */
const PAGES = {
  [paths.exposer]: {
    key: 'exposer',
    action: formLinks.exhibitorEnquiry,
    links: [
      { key: 'pourquoiExposer', to: paths.pourquoiExposer },
      { key: 'pourquoiSponsoriser', to: paths.pourquoiSponsoriser },
      { key: 'infosContact', to: paths.infosContact },
    ],
  },
  [paths.demanderVotreBadge]: {
    key: 'demanderVotreBadge',
    action: formLinks.visitorRegistration,
    links: [
      { key: 'infosPratiques', to: paths.infosPratiques },
      { key: 'infosAcces', to: paths.infosAcces },
      { key: 'infosHoraire', to: paths.infosHoraire },
    ],
  },
  [paths.assisterAuForum]: {
    key: 'assisterAuForum',
    action: paths.programme,
    links: [
      { key: 'forum', to: paths.forum },
      { key: 'intervenir', to: paths.intervenir },
      { key: 'infosPratiques', to: paths.infosPratiques },
    ],
  },
  [paths.bientotDisponible]: {
    key: 'bientotDisponible',
    action: null,
    links: [
      { key: 'infosPratiques', to: paths.infosPratiques },
      { key: 'programme', to: paths.programme },
      { key: 'infosContact', to: paths.infosContact },
    ],
  },
} as const;
type PageKey = (typeof PAGES)[keyof typeof PAGES]['key'];

function keyOf(pathname: string): PageKey {
  const path = pathname.replace(/\/+$/, '') as keyof typeof PAGES;
  return (PAGES[path] ?? PAGES[paths.bientotDisponible]).key;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const key = keyOf(new URL(request.url).pathname);
  const params = new URL(request.url).searchParams;
  // From a returning exhibitor's invitation: its stand of last edition kept for it.
  const priorite = key === 'exposer' ? params.get('priorite') : null;
  // /exposer sells the current edition's stands when the organiser has opened the sale.
  const offer = key === 'exposer' ? await loadStandOffer(context, priorite) : null;
  // From the organiser's mail after an enquiry: the form starts from what it said.
  const demande = offer ? params.get('demande') : null;
  const [prefill, kept] = await Promise.all([
    demande ? loadEnquiryPrefill(context, demande) : null,
    offer && priorite ? loadPriorityPrefill(context, priorite) : null,
  ]);
  return {
    key,
    offer,
    enquiry: prefill && demande ? { token: demande, ...prefill } : null,
    priority: kept && priorite ? { token: priorite, ...kept } : null,
    seo: pageSeo(request, context, key),
  };
}

export const meta: Route.MetaFunction = ({ data }) => [
  ...seoMeta(data?.seo),
  // A page with nothing on it yet is not one for search engines.
  ...(data?.key === 'bientotDisponible' ? [{ name: 'robots', content: 'noindex' }] : []),
];

/** /exposer, /demander-votre-badge and /assister-au-forum, and 'Bientôt disponible' itself. */
export default function BientotDisponiblePage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { key, offer, enquiry, priority } = loaderData;
  const exhibitorsEmail = useContact('exhibitors').email;
  const page = Object.values(PAGES).find((p) => p.key === key) ?? PAGES[paths.bientotDisponible];
  return (
    <article className="container page info-coming-soon">
      <h1>{t(`pages.${key}.title`)}</h1>
      <p className="lead">{t(offer ? 'pages.exposer.saleLead' : `pages.${key}.lead`)}</p>
      {offer && <StandSale offer={offer} enquiry={enquiry} priority={priority} />}
      {page.action && (
        <p className="page-cta">
          <Link className="btn btn-primary" to={page.action}>
            {t(`pages.${key}.action`)}
          </Link>
        </p>
      )}
      {key === 'exposer' && exhibitorsEmail && (
        <p>
          {t('pages.exposer.contact')} <MailLink email={exhibitorsEmail} />
        </p>
      )}
      <p className="info-meanwhile">
        {t(key === 'bientotDisponible' ? 'pages.bientotDisponible.meanwhile' : 'pages.bientotDisponible.more')}
      </p>
      <PageLinks links={[...page.links]} />
    </article>
  );
}
