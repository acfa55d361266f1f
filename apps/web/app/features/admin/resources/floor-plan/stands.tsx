import { zodResolver } from '@hookform/resolvers/zod';
import { standSchema } from '@salon/shared';
import {
  DataTable,
  List,
  NumberInput,
  ReferenceInput,
  SelectInput,
  SimpleForm,
  TextInput,
  TopToolbar,
  CreateButton,
  Button,
  useRedirect,
} from 'react-admin';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { hallFilter, searchFilter } from '../../components/filters';

/** The stands of the floor plan, hall by hall, with who holds each one. */
export function StandList() {
  return (
    <List
      sort={{ field: 'gateId', order: 'ASC' }}
      filters={[searchFilter, hallFilter]}
      actions={<StandActions />}
      perPage={50}
    >
      <DataTable>
        <DataTable.Col source="hall" disableSort />
        <DataTable.Col source="number" />
        <DataTable.NumberCol source="x" />
        <DataTable.NumberCol source="y" />
        <DataTable.NumberCol source="width" disableSort />
        <DataTable.NumberCol source="height" disableSort />
        <DataTable.Col source="exhibitor" disableSort />
      </DataTable>
    </List>
  );
}

function StandActions() {
  const redirect = useRedirect();
  return (
    <TopToolbar>
      <CreateButton />
      <Button label="admin.floorPlan.importTitle" onClick={() => redirect('/plan-import')}>
        <UploadFileIcon />
      </Button>
    </TopToolbar>
  );
}

const standResolver = zodResolver(standSchema) as never;

/** A stand: its hall, number, and rectangle in the hall's units (checked again by the server). */
export function StandForm() {
  return (
    <SimpleForm resolver={standResolver}>
      <ReferenceInput source="gateId" reference="gates" sort={{ field: 'position', order: 'ASC' }}>
        <SelectInput optionText="name" />
      </ReferenceInput>
      <TextInput source="number" helperText="admin.floorPlan.numberHint" />
      <NumberInput source="x" step={1} helperText="admin.floorPlan.unitsHint" />
      <NumberInput source="y" step={1} />
      <NumberInput source="width" step={1} />
      <NumberInput source="height" step={1} />
    </SimpleForm>
  );
}
