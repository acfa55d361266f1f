import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { EmailText } from '../../../components/ui/email-text';
import { formatDateTime } from '@salon/shared';
import { Pager } from '../../../components/ui/pager';
import { submitErrorKey } from '../../../components/ui/form-errors';
import { refusalKey } from '../api/link-pages';
import {
  useCollaboratorAction,
  useCollaborators,
  type Collaborator,
  type CollaboratorAction,
} from '../api/collaborators';

/** 'Renvoyer l'accès' past the address's daily mails: the API's reason, not a generic error. */
const ACTION_REFUSALS = { mailCapReached: 'validation.mailCapReached' };

const SUCCESS_KEYS: Partial<Record<CollaboratorAction, string>> = {
  sendBadge: 'area.collaborators.badgeSent',
  resendAccess: 'area.collaborators.accessSent',
};

const ICONS = {
  download: 'M12 3v12M7 10l5 5 5-5M5 21h14',
  mail: 'M3 5h18v14H3zM3 7l9 6 9-6',
  key: 'M12.2 11.8 4 20v-3h3v-3h3M15 5a4 4 0 1 1 0 8 4 4 0 0 1 0-8z',
  trash: 'M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13M10 11v6M14 11v6',
} as const;

/**
 * A row action: an icon with its name as tooltip on a wide screen, icon and text on a phone,
 * where there is no hover (app.css).
 */
function ActionButton({
  icon,
  label,
  text,
  danger,
  disabled,
  onClick,
}: {
  icon: keyof typeof ICONS;
  label: string;
  text: string;
  danger?: boolean;
  disabled: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      className={danger ? 'row-action-danger' : undefined}
      title={label}
      aria-label={label}
      disabled={disabled}
      onClick={onClick}
    >
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <path
          d={ICONS[icon]}
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span className="row-action-text">{text}</span>
    </button>
  );
}

/** Under a pending invitation's name: sent and until when, or expired. */
function InvitationNote({ invitation }: { invitation: NonNullable<Collaborator['invitation']> }) {
  const { t } = useTranslation();
  const date = formatDateTime(invitation.expiresAt);
  return (
    <span className={`invitation-note${invitation.expired ? ' invitation-note-expired' : ''}`}>
      {t(invitation.expired ? 'area.collaborators.invitationExpired' : 'area.collaborators.invitationSent', { date })}
    </span>
  );
}

/**
 * 'Collaborateurs': the exhibitor's staff, 50 a page, with their badge and access actions. On a
 * phone each row reads as a card (app.css). A pending invitation has no badge nor access yet:
 * its row says so and offers only to cancel it.
 */
export function CollaboratorsTable({ exhibitorId }: { exhibitorId: number }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const list = useCollaborators(exhibitorId, page);
  const act = useCollaboratorAction();
  const rows = list.data?.data ?? [];
  const pageCount = list.data?.meta.pagination.pageCount ?? 1;

  // The last collaborator of a page was deleted: show the page before.
  useEffect(() => {
    if (page > 1 && list.data && list.data.data.length === 0) setPage((p) => p - 1);
  }, [page, list.data]);

  const run = (action: CollaboratorAction, collaborator: (typeof rows)[number]) => {
    const question = collaborator.invitation
      ? t('area.collaborators.cancelInvitationConfirm', { email: collaborator.email })
      : t('area.collaborators.deleteConfirm');
    if (action === 'delete' && !window.confirm(question)) return;
    act.mutate({ action, collaborator });
  };
  const successKey = act.isSuccess ? SUCCESS_KEYS[act.variables.action] : undefined;
  const labels = {
    name: t('area.collaborators.name'),
    jobPosition: t('area.collaborators.jobPosition'),
    email: t('area.collaborators.email'),
    phone: t('area.collaborators.phone'),
    action: t('area.collaborators.action'),
  };

  if (list.isPending) return <p aria-busy="true">{t('common.loading')}</p>;
  if (list.isError) return <Alert tone="danger">{t(submitErrorKey(list.error) ?? 'errors.generic')}</Alert>;
  return (
    <>
      {successKey && <Alert tone="success">{t(successKey)}</Alert>}
      {act.isError && (
        <Alert tone="danger">
          {t(refusalKey(act.error, ACTION_REFUSALS) ?? submitErrorKey(act.error) ?? 'errors.generic')}
        </Alert>
      )}
      {rows.length === 0 ? (
        <p>{t('area.collaborators.empty')}</p>
      ) : (
        // Wide content (a long address) scrolls inside the card instead of widening the page.
        <div className="table-scroll">
          <table className="area-table">
            <caption className="visually-hidden">{t('area.collaborators.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{labels.name}</th>
                <th scope="col">{labels.jobPosition}</th>
                <th scope="col">{labels.email}</th>
                <th scope="col">{labels.phone}</th>
                <th scope="col" className="cell-actions">
                  {labels.action}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((c) => (
                <tr key={c.invitation ? `invitation-${c.id}` : c.id}>
                  <th scope="row" data-label={labels.name}>
                    <bdi>{c.name}</bdi>
                    {c.invitation && <InvitationNote invitation={c.invitation} />}
                  </th>
                  <td data-label={labels.jobPosition}>{c.jobPosition && <bdi>{c.jobPosition}</bdi>}</td>
                  <td data-label={labels.email}>
                    <EmailText value={c.email} />
                  </td>
                  <td data-label={labels.phone} className="nowrap">
                    {c.phone}
                  </td>
                  <td data-label={labels.action} className="cell-actions">
                    <div className="row-actions">
                      {c.registration && !c.invitation && (
                        <>
                          <ActionButton
                            icon="download"
                            label={t('area.collaborators.download')}
                            text={t('area.collaborators.download')}
                            disabled={act.isPending}
                            onClick={() => run('download', c)}
                          />
                          <ActionButton
                            icon="mail"
                            label={t('area.collaborators.sendBadgeLabel', { email: c.email })}
                            text={t('area.collaborators.sendBadge')}
                            disabled={act.isPending}
                            onClick={() => run('sendBadge', c)}
                          />
                          <ActionButton
                            icon="key"
                            label={t('area.collaborators.resendAccess')}
                            text={t('area.collaborators.resendAccess')}
                            disabled={act.isPending}
                            onClick={() => run('resendAccess', c)}
                          />
                        </>
                      )}
                      <ActionButton
                        icon="trash"
                        label={t(c.invitation ? 'area.collaborators.cancelInvitation' : 'area.collaborators.delete')}
                        text={t(c.invitation ? 'area.collaborators.cancelInvitation' : 'area.collaborators.delete')}
                        danger
                        disabled={act.isPending}
                        onClick={() => run('delete', c)}
                      />
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager page={page} pageCount={pageCount} onPage={setPage} label={t('area.collaborators.pagination')} />
    </>
  );
}
