import { useTranslation } from 'react-i18next';
import { InfoPage } from '../components/ui/info-page';
import { EntryConditions, InfoSection } from '../features/info/components/blocks';
import { TransportModes } from '../features/info/components/transport';
import { seoMeta } from '../lib/seo';
import { pageSeo } from '../lib/seo.server';
import type { Route } from './+types/infos-acces-au-salon';

export function loader({ request, context }: Route.LoaderArgs) {
  return { seo: pageSeo(request, context, 'infosAcces') };
}

export const meta: Route.MetaFunction = ({ data }) => seoMeta(data?.seo);

/** 'Accès au salon': train (30 % off), car, free shuttles from Casablanca, plane, accommodation. */
export default function InfosAccesAuSalonPage() {
  const { t } = useTranslation();
  return (
    <InfoPage pageKey="infosAcces">
      <TransportModes headingLevel={2} />
      <InfoSection id="entree" title={t('pages.infosPratiques.entryTitle')}>
        <EntryConditions />
      </InfoSection>
    </InfoPage>
  );
}
