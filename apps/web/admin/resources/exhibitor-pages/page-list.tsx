import { DataTable, SelectInput, SimpleList } from 'react-admin';
import { formatDateTime, type Answer, type adminExhibitorPageRowSchema } from '@salon/shared';
import { DateTimeField } from '../../components/date-time-field';
import { searchFilter } from '../../components/filters';
import { ResponsiveList } from '../../components/responsive-list';
import { PageStatusChip, pageStatusChoices } from './status';

type PageRow = Answer<typeof adminExhibitorPageRowSchema>;

/** 'Fiches exposants': the current edition's exhibitors' pages, by company; the status filter finds those to review. */
export function ExhibitorPageList() {
  return (
    <ResponsiveList
      sort={{ field: 'company', order: 'ASC' }}
      filters={[searchFilter, <SelectInput key="status" source="status" choices={pageStatusChoices} alwaysOn />]}
      phone={
        <SimpleList<PageRow>
          primaryText={(r) => r.company}
          secondaryText={(r) =>
            [r.gate, r.booth, r.changedAt && formatDateTime(r.changedAt)].filter(Boolean).join(' · ')
          }
          tertiaryText={<PageStatusChip />}
          linkType="edit"
        />
      }
    >
      <DataTable rowClick="edit" bulkActionButtons={false}>
        <DataTable.Col source="company" />
        <DataTable.Col source="gate" disableSort />
        <DataTable.Col source="booth" />
        <DataTable.Col source="changedAt">
          <DateTimeField source="changedAt" />
        </DataTable.Col>
        <DataTable.Col source="status" disableSort>
          <PageStatusChip />
        </DataTable.Col>
      </DataTable>
    </ResponsiveList>
  );
}
