import { DataTable, List, NumberInput, SimpleForm, TextInput, required } from 'react-admin';
import { hallSchema } from '@salon/shared';
import { searchFilter } from '../../components/filters';
import { editionFilter, EditionInput, EditionListActions, useEditionDefaults } from '../../components/editions';
import { contentResolver } from './fields';

/** A side of the hall's outline on the floor plan: a whole number, or empty (the hall is not drawn). */
const resolver = contentResolver(hallSchema);

/**
 * The halls of an edition (the current one until another is picked), in the order the site lists
 * them, with their number of exhibitors.
 */
export function HallList() {
  const defaults = useEditionDefaults();
  if (!defaults) return null;
  return (
    <List
      sort={{ field: 'position', order: 'ASC' }}
      filters={[searchFilter, editionFilter('admin.editions.currentEdition')]}
      filterDefaultValues={defaults}
      actions={<EditionListActions />}
    >
      <DataTable>
        <DataTable.NumberCol source="position" />
        <DataTable.Col source="name" />
        <DataTable.NumberCol source="exhibitors" disableSort />
        <DataTable.NumberCol source="stands" disableSort />
      </DataTable>
    </List>
  );
}

export function HallForm() {
  return (
    <SimpleForm resolver={resolver}>
      <EditionInput />
      <TextInput source="name" validate={required()} />
      <NumberInput source="position" helperText="admin.content.positionHint" />
      <NumberInput source="planWidth" step={1} helperText="admin.content.outlineHint" />
      <NumberInput source="planHeight" step={1} />
    </SimpleForm>
  );
}
