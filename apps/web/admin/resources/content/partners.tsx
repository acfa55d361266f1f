import {
  BooleanInput,
  DataTable,
  List,
  NullableBooleanInput,
  NumberInput,
  SimpleForm,
  TextInput,
  required,
} from 'react-admin';
import { MediaInput } from '../../components/media-input';
import { searchFilter } from '../../components/filters';
import { partnerSchema } from '@salon/shared';
import { MoveButtons, contentResolver, thumbnail, type Media } from './fields';

/** Partners and press partners: the same list and form, ordered with the up and down buttons. */

export function PartnerList() {
  return (
    <List
      sort={{ field: 'position', order: 'ASC' }}
      filters={[searchFilter, <NullableBooleanInput key="actif" source="actif" alwaysOn />]}
    >
      <DataTable>
        <DataTable.NumberCol source="position" />
        <DataTable.Col source="logo" disableSort render={(r: { logo: Media }) => thumbnail(r.logo)} />
        <DataTable.Col source="name" />
        <DataTable.Col source="url" disableSort />
        <DataTable.Col source="actif" render={(r: { actif: boolean }) => (r.actif ? '✓' : '—')} />
        <DataTable.Col label="admin.content.order" disableSort>
          <MoveButtons />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}

const resolver = contentResolver(partnerSchema);

export function PartnerForm() {
  return (
    <SimpleForm resolver={resolver}>
      <TextInput source="name" validate={required()} fullWidth />
      <TextInput source="url" fullWidth />
      <BooleanInput source="actif" defaultValue />
      <NumberInput source="position" helperText="admin.content.positionHint" />
      <MediaInput source="logoId" label="resources.partenaires.fields.logoId" />
    </SimpleForm>
  );
}
