import { DataTable, List, NumberInput, SimpleForm, TextInput, maxLength, required } from 'react-admin';
import { searchFilter } from '../../components/filters';
import { positionRules } from './fields';

/** The halls, in the order the site lists them, with their number of exhibitors. */

export function HallList() {
  return (
    <List sort={{ field: 'position', order: 'ASC' }} filters={[searchFilter]}>
      <DataTable>
        <DataTable.NumberCol source="position" />
        <DataTable.Col source="name" />
        <DataTable.NumberCol source="exhibitors" disableSort />
      </DataTable>
    </List>
  );
}

export function HallForm() {
  return (
    <SimpleForm>
      <TextInput source="name" validate={[required(), maxLength(100)]} />
      <NumberInput source="position" validate={positionRules} helperText="admin.content.positionHint" />
    </SimpleForm>
  );
}
