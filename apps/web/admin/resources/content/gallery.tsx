import { DataTable, List, NumberInput, SimpleForm, TextInput } from 'react-admin';
import { LANGUAGES, gallerySchema } from '@salon/shared';
import { searchFilter } from '../../components/filters';
import { useInLanguageLabel } from '../../i18n';
import { RequiredMediaInput, contentResolver, thumbnail, type Media } from './fields';

/** The gallery's photos, each with a caption in each language (one value, `caption.fr`, …). */

const CAPTION = 'resources.galeries.fields.caption';

export function GalleryList() {
  const inLanguage = useInLanguageLabel();
  return (
    <List sort={{ field: 'position', order: 'ASC' }} filters={[searchFilter]}>
      <DataTable>
        <DataTable.NumberCol source="position" />
        <DataTable.Col source="image" disableSort render={(r: { image: Media }) => thumbnail(r.image)} />
        {LANGUAGES.map((lang) => (
          <DataTable.Col key={lang} source={`caption.${lang}`} label={inLanguage(CAPTION, lang)} disableSort />
        ))}
      </DataTable>
    </List>
  );
}

const resolver = contentResolver(gallerySchema);

export function GalleryForm() {
  const inLanguage = useInLanguageLabel();
  return (
    <SimpleForm resolver={resolver}>
      <RequiredMediaInput source="imageId" label="resources.galeries.fields.imageId" />
      {LANGUAGES.map((lang) => (
        <TextInput key={lang} source={`caption.${lang}`} label={inLanguage(CAPTION, lang)} fullWidth />
      ))}
      <NumberInput source="position" helperText="admin.content.positionHint" />
    </SimpleForm>
  );
}
