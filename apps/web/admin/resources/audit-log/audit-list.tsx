import { Box, Typography } from '@mui/material';
import { DataTable, SimpleList, TextInput, useRecordContext, useTranslate } from 'react-admin';
import { formatDateTime, type Answer, type auditEntrySchema } from '@salon/shared';
import { DateTimeField } from '../../components/date-time-field';
import { ResponsiveList } from '../../components/responsive-list';
import { searchFilter } from '../../components/filters';

/** The audit log of the organisers' actions, each with the record before and after it. */

type AuditRow = Answer<typeof auditEntrySchema>;

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
      <Json title={translate('admin.auditLog.before')} value={record.before} />
      <Json title={translate('admin.auditLog.after')} value={record.after} />
    </Box>
  );
}

export function AuditList() {
  const translate = useTranslate();
  return (
    <ResponsiveList
      sort={{ field: 'createdAt', order: 'DESC' }}
      filters={[searchFilter, <TextInput key="resource" source="resource" />]}
      phone={
        <SimpleList<AuditRow>
          primaryText={(r) => r.action}
          secondaryText={(r) => `${formatDateTime(r.createdAt)} · ${r.user ?? translate('admin.auditLog.formerUser')}`}
          tertiaryText={(r) => (r.recordId ? `#${r.recordId}` : '')}
          linkType={false}
        />
      }
    >
      <DataTable rowClick="expand" expand={<AuditDiff />} bulkActionButtons={false}>
        <DataTable.Col source="createdAt" field={DateTimeField} />
        <DataTable.Col
          source="user"
          disableSort
          render={(r: AuditRow) => r.user ?? translate('admin.auditLog.formerUser')}
        />
        <DataTable.Col source="action" disableSort />
        <DataTable.Col source="resource" disableSort />
        <DataTable.Col source="recordId" disableSort />
      </DataTable>
    </ResponsiveList>
  );
}
