import { Alert, Chip } from '@mui/material';
import { Labeled, useRecordContext, useTranslate } from 'react-admin';
import { formatDateTime } from '@salon/shared';

/** What `GET admin/visitors` answers for one visitor. */
export interface VisitorRow {
  id: number;
  name: string;
  email: string | null;
  phone: string | null;
  company: string | null;
  jobPosition: string | null;
  secteurActivite: string | null;
  businessSector: string | null;
  pays: string | null;
  language: string | null;
  createdAt: string;
  badgeRevoked: boolean;
  anonymisedAt: string | null;
}

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
