import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { asLanguage, pickFilled, type Conference } from '@salon/shared';
import { conferenceTitle, dayText, slotText } from '../../../lib/conference-format';

/** The conference's details in a modal dialog (the specification's programme modal). */
export function ConferenceDialog({ conference, onClose }: { conference: Conference | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (conference && !dialog.open) dialog.showModal();
    if (!conference && dialog.open) dialog.close();
  }, [conference]);
  const lang = asLanguage(i18n.language);
  return (
    <dialog ref={ref} className="conference-dialog" onClose={onClose} aria-labelledby="conference-dialog-title">
      {conference && (
        <>
          <p className="conference-number">{conference.number}</p>
          <h2 id="conference-dialog-title">{conferenceTitle(conference, lang)}</h2>
          <p className="conference-when">
            {dayText(conference.day, lang)} · {slotText(conference, lang)}
          </p>
          {pickFilled(lang, conference.theme) && (
            <p>
              <strong>{t('programme.theme')} :</strong> {pickFilled(lang, conference.theme)}
            </p>
          )}
          <p>{pickFilled(lang, conference.description)}</p>
          <div className="dialog-actions">
            <Link className="btn btn-primary" to={`/conference/${conference.id}`} onClick={onClose}>
              {t('programme.register')}
            </Link>
            <button type="button" className="btn btn-outline" onClick={onClose}>
              {t('common.close')}
            </button>
          </div>
        </>
      )}
    </dialog>
  );
}
