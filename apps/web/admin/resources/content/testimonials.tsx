import { DataTable, List, NumberInput, SimpleForm, TextInput, maxLength, required } from 'react-admin';
import { MediaInput } from '../../components/media-input';
import { searchFilter } from '../../components/filters';
import { positionRules, thumbnail, type Media } from './fields';

/** The testimonials: an author, a role and a quote in both languages, a photo. */

export function TestimonialList() {
  return (
    <List sort={{ field: 'position', order: 'ASC' }} filters={[searchFilter]}>
      <DataTable>
        <DataTable.NumberCol source="position" />
        <DataTable.Col source="photo" disableSort render={(r: { photo: Media }) => thumbnail(r.photo)} />
        <DataTable.Col source="author" />
        <DataTable.Col source="roleFr" disableSort />
        <DataTable.Col
          source="quoteFr"
          disableSort
          render={(r: { quoteFr: string }) => (r.quoteFr.length > 90 ? `${r.quoteFr.slice(0, 90)}…` : r.quoteFr)}
        />
      </DataTable>
    </List>
  );
}

export function TestimonialForm() {
  return (
    <SimpleForm>
      <TextInput source="author" validate={[required(), maxLength(200)]} fullWidth />
      <TextInput source="roleFr" validate={maxLength(200)} fullWidth />
      <TextInput source="roleEn" validate={maxLength(200)} fullWidth />
      <TextInput source="quoteFr" validate={[required(), maxLength(2000)]} multiline minRows={3} fullWidth />
      <TextInput source="quoteEn" validate={[required(), maxLength(2000)]} multiline minRows={3} fullWidth />
      <MediaInput source="photoId" label="resources.temoignages.fields.photoId" />
      <NumberInput source="position" validate={positionRules} helperText="admin.content.positionHint" />
    </SimpleForm>
  );
}
