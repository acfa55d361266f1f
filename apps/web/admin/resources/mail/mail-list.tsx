import { Typography } from '@mui/material';
import { DataTable, SelectInput, SimpleList, useRecordContext } from 'react-admin';
import { formatDateTime, type Answer, type mailRowSchema } from '@salon/shared';
import { DateTimeField } from '../../components/date-time-field';
import { ResponsiveList } from '../../components/responsive-list';
import { searchFilter } from '../../components/filters';
import { MailStatusChip, mailStatusChoices } from './states';

/** One mail as `GET admin/mails` lists it (its page adds the bodies). */
type MailRow = Answer<typeof mailRowSchema>;

/** A long error on one line, cut short in the list (the mail's page shows it whole). */
function ErrorText(_props: { label?: string }) {
  const record = useRecordContext<MailRow>();
  if (!record?.lastError) return null;
  return (
    <Typography
      variant="body2"
      title={record.lastError}
      sx={{ maxWidth: 280, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
    >
      {record.lastError}
    </Typography>
  );
}

export function MailList() {
  return (
    <ResponsiveList
      sort={{ field: 'createdAt', order: 'DESC' }}
      filters={[searchFilter, <SelectInput key="status" source="status" choices={mailStatusChoices} alwaysOn />]}
      phone={
        <SimpleList<MailRow>
          primaryText={(r) => r.subject}
          secondaryText={(r) => `${r.to} · ${formatDateTime(r.createdAt)}`}
          tertiaryText={<MailStatusChip />}
          linkType="show"
        />
      }
    >
      <DataTable rowClick="show" bulkActionButtons={false}>
        <DataTable.Col source="createdAt" field={DateTimeField} />
        <DataTable.Col source="to" />
        <DataTable.Col source="subject" disableSort />
        <DataTable.Col source="status">
          <MailStatusChip />
        </DataTable.Col>
        <DataTable.NumberCol source="attempts" />
        <DataTable.Col source="lastError" disableSort>
          <ErrorText />
        </DataTable.Col>
        <DataTable.Col source="sentAt" field={DateTimeField} />
      </DataTable>
    </ResponsiveList>
  );
}
