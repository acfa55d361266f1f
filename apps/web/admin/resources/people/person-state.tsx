import { Alert, Chip } from '@mui/material';
import { Labeled, useRecordContext, useTranslate } from 'react-admin';
import { formatDateTime, type Answer, type personRecordSchema } from '@salon/shared';

/** What `GET admin/visitors` answers for one visitor. */
export type VisitorRow = Answer<typeof personRecordSchema>;

/** 'Supprimé' once erased, 'Badge révoqué' while the badge is revoked; nothing otherwise. */
export function PersonStateChip(_props: { label?: string }) {
  const record = useRecordContext<VisitorRow>();
  const translate = useTranslate();
  if (!record) return null;
  if (record.anonymisedAt) return <Chip size="small" label={translate('admin.people.state.erased')} />;
  if (record.badgeRevoked)
    return <Chip size="small" color="warning" label={translate('admin.people.state.badgeRevoked')} />;
  return null;
}

/** The state on the visitor's page, only when there is one to show. */
export function PersonStateLine() {
  const record = useRecordContext<VisitorRow>();
  if (!record?.anonymisedAt && !record?.badgeRevoked) return null;
  return (
    <Labeled source="status">
      <PersonStateChip />
    </Labeled>
  );
}

export function ErasedNotice() {
  const record = useRecordContext<VisitorRow>();
  const translate = useTranslate();
  if (!record?.anonymisedAt) return null;
  return (
    <Alert severity="info" sx={{ width: '100%' }}>
      {translate('admin.people.erasedOn', { date: formatDateTime(record.anonymisedAt) })}
    </Alert>
  );
}
