import { Chip } from '@mui/material';
import {
  DataTable,
  DeleteWithConfirmButton,
  SimpleList,
  TopToolbar,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { formatDateTime, type Answer, type kioskRecordSchema } from '@salon/shared';
import { useClock } from '../../../app/lib/clock-provider';
import { DateTimeField } from '../../components/date-time-field';
import { FilterSwitch } from '../../components/filter-switch';
import { ResponsiveList } from '../../components/responsive-list';
import { searchFilter } from '../../components/filters';

/** The self-service kiosks, each live until the end of its show day unless revoked. */

type KioskRow = Answer<typeof kioskRecordSchema>;

/** Past its day, on the show's clock (the server's). */
function useExpired(record: KioskRow | undefined): boolean {
  const now = useClock();
  return !!record && Date.parse(record.expiresAt) <= now().getTime();
}

function KioskState(_props: { label?: string }) {
  const record = useRecordContext<KioskRow>();
  const translate = useTranslate();
  const expired = useExpired(record);
  if (!record) return null;
  if (record.revokedAt) {
    return (
      <Chip size="small" label={translate('admin.devices.revokedOn', { date: formatDateTime(record.revokedAt) })} />
    );
  }
  return expired ? (
    <Chip size="small" label={translate('admin.devices.expiredOn', { date: formatDateTime(record.expiresAt) })} />
  ) : (
    <Chip
      size="small"
      color="success"
      label={translate('admin.devices.liveUntil', { date: formatDateTime(record.expiresAt) })}
    />
  );
}

/** Ends a kiosk's session after a confirmation; the row stays, with its revocation time. */
function RevokeButton(_props: { label?: string }) {
  const record = useRecordContext<KioskRow>();
  const expired = useExpired(record);
  if (!record || record.revokedAt || expired) return null;
  return (
    <DeleteWithConfirmButton
      label="admin.devices.revoke"
      confirmTitle="admin.devices.revokeTitle"
      confirmContent="admin.devices.revokeContent"
      titleTranslateOptions={{ name: record.name }}
      contentTranslateOptions={{ name: record.name }}
      successMessage="admin.devices.revoked"
      mutationMode="pessimistic"
      redirect={false}
    />
  );
}

export function KioskList() {
  return (
    <ResponsiveList
      sort={{ field: 'createdAt', order: 'DESC' }}
      filters={[searchFilter]}
      actions={
        <TopToolbar>
          <FilterSwitch source="live" label="admin.devices.liveOnly" />
        </TopToolbar>
      }
      phone={
        <SimpleList<KioskRow>
          primaryText={(r) => r.name}
          secondaryText={(r) => (r.lastSeenAt ? formatDateTime(r.lastSeenAt) : '—')}
          tertiaryText={
            <>
              <KioskState /> <RevokeButton />
            </>
          }
          linkType={false}
        />
      }
    >
      <DataTable rowClick={false} bulkActionButtons={false}>
        <DataTable.Col source="name" disableSort />
        <DataTable.Col source="enabledBy" disableSort />
        <DataTable.Col source="createdAt" field={DateTimeField} />
        <DataTable.Col source="lastSeenAt" field={DateTimeField} />
        <DataTable.Col source="revokedAt" disableSort>
          <KioskState />
        </DataTable.Col>
        <DataTable.Col source="actions" label=" " disableSort>
          <RevokeButton />
        </DataTable.Col>
      </DataTable>
    </ResponsiveList>
  );
}
