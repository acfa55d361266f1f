import { DataTable, FilterButton, SimpleList, TextInput, TopToolbar } from 'react-admin';
import { getVisitorsExport } from '@salon/shared';
import { DateTimeField } from '../../components/date-time-field';
import { ListExportButton } from '../../components/list-export-button';
import { ResponsiveList } from '../../components/responsive-list';
import { searchFilter } from '../../components/filters';
import { editionFilter, useEditionDefaults } from '../../components/editions';
import { PersonStateChip, type VisitorRow } from './person-state';

const visitorFilters = [
  searchFilter,
  editionFilter('admin.editions.allEditions'),
  <TextInput key="secteurActivite" source="secteurActivite" />,
  <TextInput key="pays" source="pays" />,
];

/** 'Visiteurs': the current edition's by default; another's, or every visitor, by the edition filter. */
export function VisitorList() {
  const defaults = useEditionDefaults();
  if (!defaults) return null;
  return (
    <ResponsiveList
      sort={{ field: 'createdAt', order: 'DESC' }}
      filterDefaultValues={defaults}
      filters={visitorFilters}
      actions={
        <TopToolbar>
          <FilterButton />
          <ListExportButton label="admin.people.exportList" exportCall={getVisitorsExport} filename="visiteurs.xlsx" />
        </TopToolbar>
      }
      phone={
        <SimpleList<VisitorRow>
          // As typed, in its own direction: an Arabic name among the list's French.
          primaryText={(r) => <bdi>{r.name}</bdi>}
          secondaryText={(r) => [r.company, r.email].filter(Boolean).join(' · ')}
          tertiaryText={<PersonStateChip />}
          linkType="show"
        />
      }
    >
      <DataTable rowClick="show" bulkActionButtons={false}>
        <DataTable.Col source="name" />
        <DataTable.Col source="email" disableSort />
        <DataTable.Col source="company" />
        <DataTable.Col source="secteurActivite" disableSort />
        <DataTable.Col source="pays" disableSort />
        <DataTable.Col source="createdAt" field={DateTimeField} />
        <DataTable.Col source="status" disableSort>
          <PersonStateChip />
        </DataTable.Col>
      </DataTable>
    </ResponsiveList>
  );
}
