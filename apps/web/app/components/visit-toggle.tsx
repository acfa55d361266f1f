import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useRevalidator } from 'react-router';
import { postVisit, type VisitKind } from '@salon/shared';
import { API_BASE, api } from '../lib/api-client';
import './visit-toggle.css';

/**
 * 'Ajouter à ma visite' / 'Dans ma visite': a form that posts to the API, which keeps the list in
 * the device's cookie and sends the page back, so it works before and without the scripts. With
 * them, the button changes at once and the page's data is read again behind it.
 */
export function VisitToggle({
  kind,
  id,
  kept,
  name,
  compact = false,
  anchor,
}: {
  kind: VisitKind;
  id: number;
  /** Whether the device's list holds it now (the page's loader read the cookie). */
  kept: boolean;
  /** What is kept, for screen readers: the company or the conference. */
  name: string;
  /** A star alone, its words for screen readers (a stand's card on the plan, a phone's card). */
  compact?: boolean;
  /** Where the page comes back after a post without scripts (an element's id: the plan's frame). */
  anchor?: string;
}) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const revalidator = useRevalidator();
  const [shown, setShown] = useState<boolean | null>(null);
  useEffect(() => setShown(null), [kept]);
  const on = shown ?? kept;
  const label = t(on ? 'visit.kept' : 'visit.keep');
  return (
    <form
      method="post"
      action={`${API_BASE}visit`}
      className="visit-toggle"
      onSubmit={(event) => {
        event.preventDefault();
        setShown(!on);
        api(postVisit, { body: { op: on ? 'remove' : 'add', kind, id } }, { auth: false })
          .then(() => revalidator.revalidate())
          .catch(() => setShown(null));
      }}
    >
      <input type="hidden" name="op" value={on ? 'remove' : 'add'} />
      <input type="hidden" name="kind" value={kind} />
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="back" value={`${pathname}${search}${anchor ? `#${anchor}` : ''}`} />
      <button
        type="submit"
        className={`btn visit-toggle-button${on ? ' is-on' : ''}`}
        title={compact ? label : undefined}
      >
        <span aria-hidden="true">{on ? '★' : '☆'}</span>
        <span className={compact ? 'visually-hidden' : undefined}>{label}</span>
        <span className="visually-hidden"> — {name}</span>
      </button>
    </form>
  );
}
