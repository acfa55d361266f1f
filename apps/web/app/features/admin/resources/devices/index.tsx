import DoorFrontIcon from '@mui/icons-material/DoorFront';
import HistoryIcon from '@mui/icons-material/History';
import TabletAndroidIcon from '@mui/icons-material/TabletAndroid';
import { Box, Chip, FormControlLabel, Switch, Typography } from '@mui/material';
import {
  BooleanField,
  DataTable,
  DateInput,
  DeleteWithConfirmButton,
  FilterButton,
  List,
  ReferenceInput,
  Resource,
  SearchInput,
  SelectInput,
  SimpleList,
  TextInput,
  TopToolbar,
  useListContext,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { CHECKIN_VERDICTS, GATE_REFUSALS, formatDateTime, type CheckinVerdict, type GateRefusal } from '@salon/shared';
import { useClock } from '../../../../lib/clock';
import { useSmall } from '../../components/use-small';
import { DateTimeField } from '../../components/date-time-field';
import type { AdminMessages } from '../../i18n';

/**
 * The devices at the show: the gates' check-ins (with the double admissions of two gates that
 * were offline), the self-service kiosks (revoke), and the audit log of organisers' actions.
 */

/** A yes/no filter as a switch: on sends `{ [source]: true }`, off removes the filter. */
function FilterSwitch({ source, label }: { source: string; label: string }) {
  const list = useListContext();
  const translate = useTranslate();
  const filterValues = (list.filterValues ?? {}) as Record<string, unknown>;
  const on = filterValues[source] === true;
  const toggle = (checked: boolean) => {
    const { [source]: _removed, ...rest } = filterValues;
    list.setFilters(checked ? { ...rest, [source]: true } : rest, list.displayedFilters as Record<string, boolean>);
  };
  return (
    <FormControlLabel
      control={<Switch checked={on} onChange={(event) => toggle(event.target.checked)} />}
      label={translate(label)}
    />
  );
}

// ---- Check-ins ----------------------------------------------------------------------------------

interface CheckinRow {
  id: number;
  name: string | null;
  company: string | null;
  gate: string | null;
  controller: string | null;
  deviceId: string;
  scannedAt: string;
  verdict: CheckinVerdict;
  reason: GateRefusal | null;
  reentry: boolean;
  conflict: boolean;
}

const VERDICT_COLOURS = { admitted: 'success', already_entered: 'warning', refused: 'error' } as const;
const verdictChoices = CHECKIN_VERDICTS.map((id) => ({ id, name: `admin.devices.verdict.${id}` }));

function VerdictChip(_props: { label?: string }) {
  const record = useRecordContext<CheckinRow>();
  const translate = useTranslate();
  if (!record) return null;
  const reason = record.reason && (GATE_REFUSALS as readonly string[]).includes(record.reason) ? record.reason : null;
  return (
    <Chip
      size="small"
      color={VERDICT_COLOURS[record.verdict]}
      label={
        translate(`admin.devices.verdict.${record.verdict}`) +
        (reason ? ` — ${translate(`admin.devices.reason.${reason}`)}` : '')
      }
    />
  );
}

function ConflictChip(_props: { label?: string }) {
  const record = useRecordContext<CheckinRow>();
  const translate = useTranslate();
  return record?.conflict ? <Chip size="small" color="error" label={translate('admin.devices.conflict')} /> : null;
}

/** A forged badge has no holder. */
const holderOf = (r: CheckinRow, unknown: string) => [r.name ?? unknown, r.company].filter(Boolean).join(' · ');

function CheckinList() {
  const small = useSmall();
  const translate = useTranslate();
  return (
    <List
      sort={{ field: 'scannedAt', order: 'DESC' }}
      filters={[
        <SearchInput key="q" source="q" alwaysOn />,
        <SelectInput key="verdict" source="verdict" choices={verdictChoices} alwaysOn />,
        <ReferenceInput key="gateId" source="gateId" reference="gates" sort={{ field: 'position', order: 'ASC' }}>
          <SelectInput optionText="name" />
        </ReferenceInput>,
        <DateInput key="day" source="day" />,
      ]}
      actions={
        <TopToolbar>
          <FilterSwitch source="conflict" label="admin.devices.conflicts" />
          <FilterButton />
        </TopToolbar>
      }
      exporter={false}
    >
      {small ? (
        <SimpleList<CheckinRow>
          primaryText={(r) => holderOf(r, translate('admin.devices.unknownHolder'))}
          secondaryText={(r) => `${formatDateTime(r.scannedAt)} · ${r.gate ?? '—'} · ${r.deviceId}`}
          tertiaryText={
            <>
              <VerdictChip /> <ConflictChip />
            </>
          }
          linkType={false}
        />
      ) : (
        <DataTable rowClick={false} bulkActionButtons={false}>
          <DataTable.Col source="scannedAt" field={DateTimeField} />
          <DataTable.Col
            source="name"
            disableSort
            render={(r: CheckinRow) => holderOf(r, translate('admin.devices.unknownHolder'))}
          />
          <DataTable.Col source="gate" disableSort />
          <DataTable.Col source="controller" disableSort />
          <DataTable.Col source="deviceId" disableSort />
          <DataTable.Col source="verdict" disableSort>
            <VerdictChip />
          </DataTable.Col>
          <DataTable.Col source="reentry" disableSort>
            <BooleanField source="reentry" />
          </DataTable.Col>
          <DataTable.Col source="conflict" disableSort>
            <ConflictChip />
          </DataTable.Col>
        </DataTable>
      )}
    </List>
  );
}

// ---- Kiosks -------------------------------------------------------------------------------------

interface KioskRow {
  id: number;
  name: string;
  enabledBy: string | null;
  createdAt: string;
  lastSeenAt: string | null;
  /** The end of the show day it was enabled on: its token is refused from then on. */
  expiresAt: string;
  revokedAt: string | null;
}

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

function KioskList() {
  const small = useSmall();
  return (
    <List
      sort={{ field: 'createdAt', order: 'DESC' }}
      filters={[<SearchInput key="q" source="q" alwaysOn />]}
      actions={
        <TopToolbar>
          <FilterSwitch source="live" label="admin.devices.liveOnly" />
        </TopToolbar>
      }
      exporter={false}
    >
      {small ? (
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
      ) : (
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
      )}
    </List>
  );
}

// ---- Audit log ----------------------------------------------------------------------------------

interface AuditRow {
  id: number;
  user: string | null;
  action: string;
  resource: string;
  recordId: string | null;
  before: unknown;
  after: unknown;
  createdAt: string;
}

function Json({ title, value }: { title: string; value: unknown }) {
  return (
    <Box sx={{ flex: 1, minWidth: 0 }}>
      <Typography variant="subtitle2">{title}</Typography>
      <Box
        component="pre"
        sx={{
          m: 0,
          p: 1,
          bgcolor: 'grey.100',
          fontSize: 12,
          whiteSpace: 'pre-wrap',
          wordBreak: 'break-word',
          maxHeight: 400,
          overflow: 'auto',
        }}
      >
        {JSON.stringify(value, null, 2)}
      </Box>
    </Box>
  );
}

/** The record before and after the action, side by side (one above the other on a phone). */
function AuditDiff() {
  const record = useRecordContext<AuditRow>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Box sx={{ display: 'flex', flexDirection: { xs: 'column', md: 'row' }, gap: 2, p: 1 }}>
      <Json title={translate('admin.devices.before')} value={record.before} />
      <Json title={translate('admin.devices.after')} value={record.after} />
    </Box>
  );
}

function AuditList() {
  const small = useSmall();
  const translate = useTranslate();
  return (
    <List
      sort={{ field: 'createdAt', order: 'DESC' }}
      filters={[<SearchInput key="q" source="q" alwaysOn />, <TextInput key="resource" source="resource" />]}
      exporter={false}
    >
      {small ? (
        <SimpleList<AuditRow>
          primaryText={(r) => r.action}
          secondaryText={(r) => `${formatDateTime(r.createdAt)} · ${r.user ?? translate('admin.devices.formerUser')}`}
          tertiaryText={(r) => (r.recordId ? `#${r.recordId}` : '')}
          linkType={false}
        />
      ) : (
        <DataTable rowClick="expand" expand={<AuditDiff />} bulkActionButtons={false}>
          <DataTable.Col source="createdAt" field={DateTimeField} />
          <DataTable.Col
            source="user"
            disableSort
            render={(r: AuditRow) => r.user ?? translate('admin.devices.formerUser')}
          />
          <DataTable.Col source="action" disableSort />
          <DataTable.Col source="resource" disableSort />
          <DataTable.Col source="recordId" disableSort />
        </DataTable>
      )}
    </List>
  );
}

export const devicesResources = (
  <>
    <Resource name="checkins" icon={DoorFrontIcon} list={CheckinList} />
    <Resource name="kiosk-sessions" icon={TabletAndroidIcon} list={KioskList} />
    <Resource name="audit-log" icon={HistoryIcon} list={AuditList} />
  </>
);

export const devicesMessages: AdminMessages = {
  fr: {
    resources: {
      checkins: {
        name: 'Entrée |||| Entrées aux portes',
        fields: {
          scannedAt: 'Date',
          name: 'Porteur du badge',
          gate: 'Hall',
          gateId: 'Hall',
          controller: 'Contrôleur',
          deviceId: 'Appareil',
          verdict: 'Décision',
          reentry: 'Retour',
          conflict: 'Conflit',
          day: 'Jour',
          q: 'Rechercher',
        },
      },
      'kiosk-sessions': {
        name: 'Borne |||| Bornes',
        fields: {
          name: 'Nom',
          enabledBy: 'Activée par',
          createdAt: 'Activée le',
          lastSeenAt: 'Dernière activité',
          revokedAt: 'État',
          q: 'Rechercher',
        },
      },
      'audit-log': {
        name: 'Action |||| Journal d’audit',
        fields: {
          createdAt: 'Date',
          user: 'Qui',
          action: 'Action',
          resource: 'Ressource',
          recordId: 'Fiche',
          q: 'Rechercher',
        },
      },
    },
    admin: {
      devices: {
        verdict: { admitted: 'Admis', already_entered: 'Déjà entré', refused: 'Refusé' },
        reason: {
          invalid: 'badge invalide',
          otherEvent: 'autre édition',
          revoked: 'badge révoqué',
          closed: 'salon fermé',
        },
        conflict: 'Double admission',
        conflicts: 'Conflits',
        unknownHolder: 'Badge inconnu',
        liveOnly: 'Actives seulement',
        revokedOn: 'Révoquée le %{date}',
        liveUntil: 'Active jusqu’au %{date}',
        expiredOn: 'Journée terminée le %{date}',
        revoke: 'Révoquer',
        revokeTitle: 'Révoquer la borne « %{name} » ?',
        revokeContent:
          'La borne revient à son écran d’activation ; un contrôleur ou un organisateur devra la réactiver.',
        revoked: 'Borne révoquée.',
        before: 'Avant',
        after: 'Après',
        formerUser: 'Compte supprimé',
      },
    },
  },
  en: {
    resources: {
      checkins: {
        name: 'Entry |||| Gate entries',
        fields: {
          scannedAt: 'Date',
          name: 'Badge holder',
          gate: 'Hall',
          gateId: 'Hall',
          controller: 'Controller',
          deviceId: 'Device',
          verdict: 'Decision',
          reentry: 'Re-entry',
          conflict: 'Conflict',
          day: 'Day',
          q: 'Search',
        },
      },
      'kiosk-sessions': {
        name: 'Kiosk |||| Kiosks',
        fields: {
          name: 'Name',
          enabledBy: 'Enabled by',
          createdAt: 'Enabled',
          lastSeenAt: 'Last activity',
          revokedAt: 'State',
          q: 'Search',
        },
      },
      'audit-log': {
        name: 'Action |||| Audit log',
        fields: {
          createdAt: 'Date',
          user: 'Who',
          action: 'Action',
          resource: 'Resource',
          recordId: 'Record',
          q: 'Search',
        },
      },
    },
    admin: {
      devices: {
        verdict: { admitted: 'Admitted', already_entered: 'Already in', refused: 'Refused' },
        reason: {
          invalid: 'invalid badge',
          otherEvent: 'other edition',
          revoked: 'revoked badge',
          closed: 'show closed',
        },
        conflict: 'Double admission',
        conflicts: 'Conflicts',
        unknownHolder: 'Unknown badge',
        liveOnly: 'Active only',
        revokedOn: 'Revoked on %{date}',
        liveUntil: 'Active until %{date}',
        expiredOn: 'Day ended on %{date}',
        revoke: 'Revoke',
        revokeTitle: 'Revoke the kiosk “%{name}”?',
        revokeContent:
          'The kiosk goes back to its activation screen; a controller or an organiser will have to enable it again.',
        revoked: 'Kiosk revoked.',
        before: 'Before',
        after: 'After',
        formerUser: 'Deleted account',
      },
    },
  },
};
