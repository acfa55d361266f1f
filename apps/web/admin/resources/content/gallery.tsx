import { DataTable, List, NumberInput, SimpleForm, TextInput, maxLength } from 'react-admin';
import { searchFilter } from '../../components/filters';
import { RequiredMediaInput, positionRules, requireFiles, thumbnail, type Media } from './fields';

/** The gallery's photos, each with a caption in both languages. */

export function GalleryList() {
  return (
    <List sort={{ field: 'position', order: 'ASC' }} filters={[searchFilter]}>
      <DataTable>
        <DataTable.NumberCol source="position" />
        <DataTable.Col source="image" disableSort render={(r: { image: Media }) => thumbnail(r.image)} />
        <DataTable.Col source="captionFr" disableSort />
        <DataTable.Col source="captionEn" disableSort />
      </DataTable>
    </List>
  );
}

export function GalleryForm() {
  return (
    <SimpleForm validate={requireFiles('imageId')}>
      <RequiredMediaInput source="imageId" label="resources.galeries.fields.imageId" />
      <TextInput source="captionFr" validate={maxLength(300)} fullWidth />
      <TextInput source="captionEn" validate={maxLength(300)} fullWidth />
      <NumberInput source="position" validate={positionRules} helperText="admin.content.positionHint" />
    </SimpleForm>
  );
}
