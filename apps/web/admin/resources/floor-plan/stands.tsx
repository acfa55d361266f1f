import { standSchema } from '@salon/shared';
import {
  DataTable,
  List,
  NumberInput,
  ReferenceInput,
  SelectInput,
  SimpleForm,
  TextInput,
  Button,
  useRecordContext,
  useRedirect,
} from 'react-admin';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { hallFilter, searchFilter } from '../../components/filters';
import { editionFilter, EditionListActions, useEditionDefaults } from '../../components/editions';
import { formResolver } from '../../../app/lib/form-resolver';

/** The stands of an edition's floor plan (the current one until another is picked), hall by hall, with who holds each one. */
export function StandList() {
  const defaults = useEditionDefaults();
  if (!defaults) return null;
  return (
    <List
      sort={{ field: 'gateId', order: 'ASC' }}
      filters={[searchFilter, editionFilter('admin.editions.currentEdition'), hallFilter]}
      filterDefaultValues={defaults}
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
    <EditionListActions>
      <Button label="admin.floorPlan.importTitle" onClick={() => redirect('/plan-import')}>
        <UploadFileIcon />
      </Button>
    </EditionListActions>
  );
}

const standResolver = formResolver(standSchema);

/**
 * A stand: its hall (one of its edition's: the list's when it is made), number, and rectangle in
 * the hall's units (checked again by the server).
 */
export function StandForm() {
  const edition = useRecordContext<{ edition?: number }>()?.edition;
  return (
    <SimpleForm resolver={standResolver}>
      <ReferenceInput
        source="gateId"
        reference="gates"
        sort={{ field: 'position', order: 'ASC' }}
        filter={edition ? { edition } : {}}
      >
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
