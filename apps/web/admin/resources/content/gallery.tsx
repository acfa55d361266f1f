import { DataTable, List, NumberInput, SimpleForm, TextInput, maxLength } from 'react-admin';
import { LANGUAGES } from '@salon/shared';
import { searchFilter } from '../../components/filters';
import { useInLanguageLabel } from '../../i18n';
import { RequiredMediaInput, positionRules, requireFiles, thumbnail, type Media } from './fields';

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

export function GalleryForm() {
  const inLanguage = useInLanguageLabel();
  return (
    <SimpleForm validate={requireFiles('imageId')}>
      <RequiredMediaInput source="imageId" label="resources.galeries.fields.imageId" />
      {LANGUAGES.map((lang) => (
        <TextInput
          key={lang}
          source={`caption.${lang}`}
          label={inLanguage(CAPTION, lang)}
          validate={maxLength(300)}
          fullWidth
        />
      ))}
      <NumberInput source="position" validate={positionRules} helperText="admin.content.positionHint" />
    </SimpleForm>
  );
}
