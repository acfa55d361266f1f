import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { postLogout } from '@salon/shared';
import { Alert } from '../../../components/ui/alert';
import { submitErrorKey } from '../../../components/ui/form-errors';
import { paths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { clearSession, type Session } from '../../../lib/session';
import { useMe } from '../api/get-me';
import { AddCollaboratorForm } from './add-collaborator-form';
import { FormerTeamOffer } from './former-team-offer';
import { AREA_TITLE_ID } from './area-title';
import { BadgeTab } from './badge-tab';
import { BookingsTab } from './bookings-tab';
import { ServicesTab } from './services-tab';
import { CollaboratorsTable } from './collaborators-table';
import { CollaboratorInfoFormCard, ExhibitorInfoFormCard } from './info-forms';

const FALLBACK_LOGO = '/assets/images/logo-fallback.svg';

export const EXHIBITOR_TABS = [
  'informations',
  'badge',
  'fiche-annuaire',
  'collaborateurs',
  'ajouter-collaborateur',
  'scans',
  'stands-factures',
  'services',
] as const;
export const COLLABORATOR_TABS = ['informations', 'badge', 'scans'] as const;
type Tab = (typeof EXHIBITOR_TABS)[number];

function tabLabelKey(tab: Tab, type: Session['type']) {
  return tab === 'badge' ? `area.tabs.badge_${type}` : `area.tabs.${tab}`;
}

/** The form waits for the server's copy of the user: the stored session lacks most fields. */
function InformationsTab({ session, me }: { session: Session; me: ReturnType<typeof useMe> }) {
  const { t } = useTranslation();
  if (me.isError) return <Alert tone="danger">{t(submitErrorKey(me.error) ?? 'errors.generic')}</Alert>;
  if (!me.data) return <p aria-busy="true">{t('common.loading')}</p>;
  return session.type === 'exhibitor' ? (
    <ExhibitorInfoFormCard me={me.data} />
  ) : (
    <CollaboratorInfoFormCard me={me.data} />
  );
}

/**
 * The area's menu and the tab chosen in it; 'Mes scans' and 'Fiche annuaire' (the exhibitor's
 * only) are other features', handed in by the route.
 */
export function AreaShell({
  session,
  scansTab,
  pageTab,
}: {
  session: Session;
  scansTab: ReactNode;
  pageTab: ReactNode;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const me = useMe(true);
  const user = me.data ?? session.user;
  const tabs: readonly Tab[] = session.type === 'exhibitor' ? EXHIBITOR_TABS : COLLABORATOR_TABS;
  const current = tabs.find((tab) => tab === params.get('tab')) ?? 'informations';
  const [logoFailed, setLogoFailed] = useState(false);

  const logout = async () => {
    if (!window.confirm(t('area.logoutConfirm'))) return;
    // The server ends the session everywhere; the device forgets it even if the call fails.
    await api(postLogout, {}).catch(() => undefined);
    clearSession();
    void navigate(paths.login);
  };

  return (
    <div className="area">
      <div className="area-banner">
        <div className="container">
          <p>{t(`area.banner_${session.type}`)}</p>
        </div>
      </div>
      <div className="container area-grid">
        <aside className="area-side card">
          <img
            className="area-logo"
            src={!logoFailed && user.avatar?.url ? user.avatar.url : FALLBACK_LOGO}
            onError={() => setLogoFailed(true)}
            alt={t('area.logoAlt', { company: user.company ?? '' })}
            width="160"
            height="160"
          />
          <p className="area-company">{user.company && <bdi>{user.company}</bdi>}</p>
          <nav aria-label={t('area.menuLabel')}>
            <ul className="area-menu">
              {tabs.map((tab) => (
                <li key={tab}>
                  <button
                    type="button"
                    aria-current={tab === current ? 'page' : undefined}
                    onClick={() => setParams({ tab }, { replace: true })}
                  >
                    {t(tabLabelKey(tab, session.type))}
                  </button>
                </li>
              ))}
              <li>
                <button type="button" className="logout" onClick={() => void logout()}>
                  {t('area.tabs.logout')}
                </button>
              </li>
            </ul>
          </nav>
        </aside>
        <section className="area-content card" aria-labelledby={AREA_TITLE_ID}>
          <h1 id={AREA_TITLE_ID}>{t(tabLabelKey(current, session.type))}</h1>
          {current === 'informations' && <InformationsTab session={session} me={me} />}
          {current === 'badge' && <BadgeTab session={session} />}
          {current === 'fiche-annuaire' && pageTab}
          {current === 'collaborateurs' && (
            <>
              <FormerTeamOffer />
              <CollaboratorsTable exhibitorId={session.user.id} />
            </>
          )}
          {current === 'ajouter-collaborateur' && <AddCollaboratorForm />}
          {current === 'scans' && scansTab}
          {current === 'stands-factures' && <BookingsTab />}
          {current === 'services' && <ServicesTab />}
        </section>
      </div>
    </div>
  );
}
