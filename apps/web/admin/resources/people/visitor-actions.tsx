import DataObjectIcon from '@mui/icons-material/DataObject';
import DeleteForeverIcon from '@mui/icons-material/DeleteForever';
import GridOnIcon from '@mui/icons-material/GridOn';
import SendIcon from '@mui/icons-material/Send';
import { Box, Typography } from '@mui/material';
import { Button, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { getPersonExportJson, getPersonExportXlsx, postPersonErase, postVisitorResendBadge } from '@salon/shared';
import { ConfirmButton } from '../../components/confirm-button';
import { useAdminCall } from '../../components/use-admin-call';
import { adminCall, adminDownload } from '../../http';
import type { VisitorRow } from './person-state';

/** Mails the visitor's badge again; the API refuses an erased person or a revoked badge. */
export function ResendBadgeButton() {
  const record = useRecordContext<VisitorRow>();
  const { busy, call } = useAdminCall();
  const notify = useNotify();
  if (!record || record.anonymisedAt) return null;
  const resend = () =>
    call(async () => {
      await adminCall(postVisitorResendBadge, { params: { id: String(record.id) } });
      notify('admin.people.badgeResent', { type: 'success' });
    });
  return (
    <Button label="admin.people.resendBadge" onClick={() => void resend()} disabled={busy || record.badgeRevoked}>
      <SendIcon />
    </Button>
  );
}

/** Everything the show keeps about the person (the right of access), as JSON or a spreadsheet. */
export function PersonExportButton({ format }: { format: 'json' | 'xlsx' }) {
  const record = useRecordContext<VisitorRow>();
  const { busy, call } = useAdminCall();
  if (!record || record.anonymisedAt) return null;
  const download = () =>
    call(() =>
      adminDownload(
        format === 'json' ? getPersonExportJson : getPersonExportXlsx,
        { params: { id: String(record.id) } },
        `donnees-${record.id}.${format}`,
      ),
    );
  return (
    <Button label={`admin.people.export.${format}`} onClick={() => void download()} disabled={busy}>
      {format === 'json' ? <DataObjectIcon /> : <GridOnIcon />}
    </Button>
  );
}

function EraseExplanation({ name }: { name: string }) {
  const translate = useTranslate();
  return (
    <>
      <Typography gutterBottom>{translate('admin.people.erase.intro', { name })}</Typography>
      <Box component="ul" sx={{ pl: 3, my: 1 }}>
        <li>{translate('admin.people.erase.fields')}</li>
        <li>{translate('admin.people.erase.badge')}</li>
        <li>{translate('admin.people.erase.scans')}</li>
      </Box>
      <Typography sx={{ fontWeight: 'bold' }}>{translate('admin.people.erase.irreversible')}</Typography>
    </>
  );
}

/** The right to erasure: the person's fields anonymised once the organiser has read what it does. */
export function EraseButton() {
  const record = useRecordContext<VisitorRow>();
  const { busy, call } = useAdminCall();
  const notify = useNotify();
  const refresh = useRefresh();
  if (!record || record.anonymisedAt) return null;
  const erase = (close: () => void) =>
    call(async () => {
      await adminCall(postPersonErase, { params: { id: String(record.id) } });
      notify('admin.people.erase.done', { type: 'success' });
      refresh();
    }, close);
  return (
    <ConfirmButton
      label="admin.people.erase.action"
      color="error"
      icon={<DeleteForeverIcon />}
      loading={busy}
      content={<EraseExplanation name={record.name} />}
      confirm="admin.people.erase.confirm"
      confirmColor="warning"
      onConfirm={(close) => void erase(close)}
    />
  );
}
