import { Typography } from '@mui/material';
import {
  ArrayField,
  Create,
  DataTable,
  Edit,
  ReferenceInput,
  SelectInput,
  SimpleForm,
  TextInput,
  useTranslate,
} from 'react-admin';
import { SECTOR_CHOICES, exhibitorAccountSchema } from '@salon/shared';
import { FieldRow } from '../../components/field-row';
import { MediaInput } from '../../components/media-input';
import { StatusLine } from '../../components/status-line';
import { ExhibitorActions } from './exhibitor-actions';
import { StatusChip } from './status';
import { formResolver } from '../../../app/lib/form-resolver';

export const sectorChoices = SECTOR_CHOICES.map((s) => ({ id: s, name: s }));

function ExhibitorFields() {
  return (
    <>
      <FieldRow>
        <TextInput source="company" fullWidth />
        <TextInput source="name" fullWidth />
      </FieldRow>
      <FieldRow>
        <TextInput source="email" type="email" fullWidth />
        <TextInput source="phone" type="tel" fullWidth />
      </FieldRow>
      <FieldRow>
        <SelectInput source="secteurActivite" choices={sectorChoices} emptyValue="" fullWidth />
        <TextInput source="pays" fullWidth />
      </FieldRow>
      <TextInput source="adresse" fullWidth />
      <FieldRow>
        <ReferenceInput source="gateId" reference="gates" sort={{ field: 'position', order: 'ASC' }}>
          <SelectInput optionText="name" parse={(value: string) => (value === '' ? null : value)} fullWidth />
        </ReferenceInput>
        <TextInput source="booth" fullWidth />
      </FieldRow>
      <MediaInput source="logoId" label="resources.exhibitors.fields.logoId" />
    </>
  );
}

const exhibitorResolver = formResolver(exhibitorAccountSchema);

export function ExhibitorCreate() {
  return (
    <Create redirect="edit" mutationMode="pessimistic">
      <SimpleForm resolver={exhibitorResolver}>
        <ExhibitorFields />
      </SimpleForm>
    </Create>
  );
}

function Collaborators() {
  const translate = useTranslate();
  return (
    <>
      <Typography variant="h6" sx={{ mt: 2 }}>
        {translate('admin.exhibitors.collaborators')}
      </Typography>
      <ArrayField source="collaboratorList">
        <DataTable
          bulkActionButtons={false}
          empty={<Typography>{translate('admin.exhibitors.noCollaborator')}</Typography>}
        >
          <DataTable.Col source="name" label="resources.exhibitors.fields.name" />
          <DataTable.Col source="jobPosition" label="admin.exhibitors.jobPosition" />
          <DataTable.Col source="email" label="resources.exhibitors.fields.email" />
          <DataTable.Col source="phone" label="resources.exhibitors.fields.phone" />
          <DataTable.NumberCol source="scans" label="resources.exhibitors.fields.scans" />
        </DataTable>
      </ArrayField>
    </>
  );
}

export function ExhibitorEdit() {
  return (
    <Edit actions={<ExhibitorActions />} mutationMode="pessimistic">
      <SimpleForm resolver={exhibitorResolver}>
        <StatusLine label="resources.exhibitors.fields.status">
          <StatusChip />
        </StatusLine>
        <ExhibitorFields />
        <Collaborators />
      </SimpleForm>
    </Edit>
  );
}
