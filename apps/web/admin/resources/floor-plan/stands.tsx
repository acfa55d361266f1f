import { standSchema } from '@salon/shared';
import {
  BooleanInput,
  Button,
  DataTable,
  NumberInput,
  ReferenceInput,
  SelectInput,
  SimpleForm,
  TextInput,
  useRecordContext,
  useRedirect,
} from 'react-admin';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { EditionListActions } from '../../components/editions';
import { formResolver } from '../../../app/lib/form-resolver';
import { BoxInputs, HallInput, PlanList } from './placement-inputs';

/** The stands of an edition's floor plan, hall by hall, with who holds each one. */
export function StandList() {
  return (
    <PlanList actions={<StandActions />}>
      <DataTable>
        <DataTable.Col source="hall" disableSort />
        <DataTable.Col source="number" />
        <DataTable.NumberCol source="x" />
        <DataTable.NumberCol source="y" />
        <DataTable.NumberCol source="width" disableSort />
        <DataTable.NumberCol source="height" disableSort />
        <DataTable.NumberCol source="area" disableSort />
        <DataTable.Col source="exhibitor" disableSort />
      </DataTable>
    </PlanList>
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
  return (
    <SimpleForm resolver={standResolver}>
      <HallInput />
      <TextInput source="number" helperText="admin.floorPlan.numberHint" />
      <BoxInputs />
      <SaleInputs />
    </SimpleForm>
  );
}

/** What the stand is sold as on /exposer: a class of its edition and an area, or neither. */
function SaleInputs() {
  const record = useRecordContext<{ edition?: number }>();
  return (
    <>
      <ReferenceInput
        source="classId"
        reference="stand-classes"
        filter={record?.edition ? { edition: record.edition } : {}}
        sort={{ field: 'position', order: 'ASC' }}
      >
        <SelectInput
          optionText="name.fr"
          emptyText="admin.floorPlan.notForSale"
          parse={(value: unknown) => (value === '' ? null : value)}
          helperText="admin.floorPlan.saleHint"
        />
      </ReferenceInput>
      <NumberInput source="area" step={1} min={1} parse={(v: number | null) => v ?? null} />
      <BooleanInput source="corner" />
    </>
  );
}
