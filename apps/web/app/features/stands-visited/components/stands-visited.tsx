import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import type { VisitedStand } from '@salon/shared';
import { NAME_SLOT, nameInText } from '../../../components/ui/name-in-text';
import { paths, standOnPlan } from '../../../config/paths';
import { API_BASE } from '../../../lib/api-client';
import '../stands-visited.css';

/** 'Ne plus me contacter' sent to an exhibitor, or taken back (`undo`): a form posting the badge's key. */
function DoNotContactForm(props: {
  exhibitorId: number;
  token: string;
  back: string;
  undo?: boolean;
  children: ReactNode;
}) {
  return (
    <form method="post" action={`${API_BASE}ebadge/visited/${props.exhibitorId}/do-not-contact`}>
      <input type="hidden" name="token" value={props.token} />
      <input type="hidden" name="back" value={props.back} />
      {props.undo && <input type="hidden" name="undo" value="1" />}
      <button
        type="submit"
        className={props.undo ? 'stands-visited-forget' : 'btn btn-outline'}
        aria-describedby={`visited-${props.exhibitorId}`}
      >
        {props.children}
      </button>
    </form>
  );
}

/**
 * 'Stands visités' on the badge's page: the exhibitors whose stands scanned the badge, each with
 * its page, its stand on the plan, the contact card and the document it chose to give, and 'Ne
 * plus me contacter' (confirmed, and undone with 'Annuler ma demande'). Plain links and forms, posting with the badge's key (the page's own
 * authorisation) and coming back here: they work without scripts, as the page does. Under the
 * list, what a scan passes on, as the registration form and the badge mail say it (decision 049).
 */
export function StandsVisited({ token, stands, year }: { token: string; stands: VisitedStand[]; year: number | null }) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const key = encodeURIComponent(token);
  const back = `${pathname}${search}#stands-visited`;
  return (
    <section className="card stands-visited" id="stands-visited" aria-labelledby="stands-visited-title">
      <h2 id="stands-visited-title">{t('ebadge.visited.title')}</h2>
      {stands.length === 0 ? (
        <p className="muted">{t('ebadge.visited.none')}</p>
      ) : (
        <>
          <p className="muted">{t('ebadge.visited.intro')}</p>
          <ul className="stands-visited-list">
            {stands.map((s) => (
              <li key={s.id} aria-labelledby={`visited-${s.id}`}>
                <Link to={`${paths.annuaire}/${s.slug}`} className="stands-visited-name" id={`visited-${s.id}`}>
                  <bdi>{s.company}</bdi>
                </Link>
                <span className="muted">
                  {[s.gate?.name, s.booth ? `${t('directory.stand')} ${s.booth}` : t('visit.noStand')]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
                {s.booth && year && (
                  <Link className="see-on-plan" to={standOnPlan(s.booth, year)}>
                    {t('plan.seeOnPlan')}
                  </Link>
                )}
                {(s.contactCard || s.document) && (
                  <p className="stands-visited-files">
                    {s.contactCard && (
                      <a
                        className="btn btn-outline"
                        href={`${API_BASE}ebadge/visited/${s.id}/contact.vcf?token=${key}`}
                        download
                      >
                        {t('ebadge.visited.contactCard')}
                      </a>
                    )}
                    {s.document && (
                      <a className="btn btn-outline" href={s.document.url} type="application/pdf">
                        {s.document.name} <span className="muted">(PDF)</span>
                      </a>
                    )}
                  </p>
                )}
                {s.doNotContact ? (
                  <div className="stands-visited-done" role="status">
                    <p>{t('ebadge.visited.doNotContactDone')}</p>
                    <DoNotContactForm exhibitorId={s.id} token={token} back={back} undo>
                      {t('ebadge.visited.undo')}
                    </DoNotContactForm>
                  </div>
                ) : (
                  // Asked once more before it is sent: a plain <details>, so it works without scripts too.
                  <details className="stands-visited-ask">
                    <summary className="stands-visited-forget">{t('ebadge.visited.doNotContact')}</summary>
                    <p>{nameInText(t('ebadge.visited.confirmText', { company: NAME_SLOT }), s.company)}</p>
                    <DoNotContactForm exhibitorId={s.id} token={token} back={back}>
                      {t('ebadge.visited.confirm')}
                    </DoNotContactForm>
                  </details>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
      <p className="stands-visited-notice">{t('ebadge.visited.notice')}</p>
    </section>
  );
}
