import BlockIcon from '@mui/icons-material/Block';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import LockResetIcon from '@mui/icons-material/LockReset';
import RestoreIcon from '@mui/icons-material/Restore';
import type { ReactElement } from 'react';
import { TopToolbar, useNotify, useRecordContext, useRefresh } from 'react-admin';
import { EXHIBITOR_ACTIONS, type Answer, type adminExhibitorRecordSchema } from '@salon/shared';
import { ConfirmButton } from '../../components/confirm-button';
import { useAdminCall } from '../../components/use-admin-call';
import { adminCall } from '../../http';

type Action = 'confirm' | 'resend-access' | 'deactivate' | 'reactivate';

const icons: Record<Action, ReactElement> = {
  confirm: <CheckCircleIcon />,
  'resend-access': <LockResetIcon />,
  deactivate: <BlockIcon />,
  reactivate: <RestoreIcon />,
};

/** One of the exhibitor's actions, after a confirmation; the page shows the new state. */
function ActionButton({ action }: { action: Action }) {
  const record = useRecordContext<Answer<typeof adminExhibitorRecordSchema>>();
  const { busy, call } = useAdminCall();
  const notify = useNotify();
  const refresh = useRefresh();
  if (!record) return null;
  const shown =
    action === 'confirm'
      ? record.status === 'pending'
      : action === 'reactivate'
        ? record.status === 'deactivated'
        : record.status !== 'deactivated';
  if (!shown) return null;
  const run = (close: () => void) =>
    call(async () => {
      await adminCall(EXHIBITOR_ACTIONS[action], { params: { id: String(record.id) } });
      notify(`admin.exhibitors.done.${action}`, { type: 'success' });
      refresh();
    }, close);
  return (
    <ConfirmButton
      label={`admin.exhibitors.actions.${action}`}
      icon={icons[action]}
      loading={busy}
      content={`admin.exhibitors.confirm.${action}`}
      translateOptions={{ company: record.company }}
      onConfirm={(close) => void run(close)}
    />
  );
}

/** 'Confirmer', 'Renvoyer l'accès', 'Désactiver', 'Réactiver': those the exhibitor's state allows. */
export function ExhibitorActions() {
  return (
    <TopToolbar>
      <ActionButton action="confirm" />
      <ActionButton action="resend-access" />
      <ActionButton action="deactivate" />
      <ActionButton action="reactivate" />
    </TopToolbar>
  );
}
