import { Chip } from '@mui/material';
import {
  BooleanField,
  DataTable,
  DateInput,
  FilterButton,
  SelectInput,
  SimpleList,
  TopToolbar,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { CHECKIN_VERDICTS, GATE_REFUSALS, formatDateTime, type Answer, type checkinRecordSchema } from '@salon/shared';
import { DateTimeField } from '../../components/date-time-field';
import { FilterSwitch } from '../../components/filter-switch';
import { ResponsiveList } from '../../components/responsive-list';
import { choicesOf, hallFilter, searchFilter } from '../../components/filters';
import { editionFilter, useEditionDefaults } from '../../components/editions';

/** The gates' check-ins, with the double admissions of two gates that were offline. */

type CheckinRow = Answer<typeof checkinRecordSchema>;

const VERDICT_COLOURS = { admitted: 'success', already_entered: 'warning', refused: 'error' } as const;
const verdictChoices = choicesOf(CHECKIN_VERDICTS, 'admin.devices.verdict');

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

/** The gates' entries of an edition (the current one until another, or all, is picked). */
export function CheckinList() {
  const translate = useTranslate();
  const defaults = useEditionDefaults();
  if (!defaults) return null;
  return (
    <ResponsiveList
      sort={{ field: 'scannedAt', order: 'DESC' }}
      filterDefaultValues={defaults}
      filters={[
        searchFilter,
        editionFilter('admin.editions.allEditions'),
        <SelectInput key="verdict" source="verdict" choices={verdictChoices} alwaysOn />,
        hallFilter,
        <DateInput key="day" source="day" />,
      ]}
      actions={
        <TopToolbar>
          <FilterSwitch source="conflict" label="admin.devices.conflicts" />
          <FilterButton />
        </TopToolbar>
      }
      phone={
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
      }
    >
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
    </ResponsiveList>
  );
}
