import { DataTable, SelectInput, SimpleList } from 'react-admin';
import { DateTimeField } from '../../components/date-time-field';
import { ResponsiveList } from '../../components/responsive-list';
import { searchFilter } from '../../components/filters';
import { StatusChip, enquiryStatusChoices } from './status';

export function EnquiryList() {
  return (
    <ResponsiveList
      sort={{ field: 'createdAt', order: 'DESC' }}
      filters={[searchFilter, <SelectInput key="status" source="status" choices={enquiryStatusChoices} alwaysOn />]}
      phone={
        <SimpleList<{ id: number; societe: string | null; nom: string; telephone: string; status: string }>
          primaryText={(r) => r.societe || r.nom}
          secondaryText={(r) => `${r.nom} · ${r.telephone}`}
          tertiaryText={<StatusChip />}
          linkType="edit"
        />
      }
    >
      <DataTable rowClick="edit" bulkActionButtons={false}>
        <DataTable.Col source="createdAt" field={DateTimeField} />
        <DataTable.Col source="societe" disableSort />
        <DataTable.Col source="nom" disableSort />
        <DataTable.Col source="email" disableSort />
        <DataTable.Col source="telephone" disableSort />
        <DataTable.Col source="secteurActivite" disableSort />
        <DataTable.Col source="status">
          <StatusChip />
        </DataTable.Col>
      </DataTable>
    </ResponsiveList>
  );
}
