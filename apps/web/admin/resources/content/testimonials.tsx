import { DataTable, List, NumberInput, SimpleForm, TextInput, maxLength, required } from 'react-admin';
import { DEFAULT_LANGUAGE, LANGUAGES, type Texts } from '@salon/shared';
import { MediaInput } from '../../components/media-input';
import { searchFilter } from '../../components/filters';
import { useInLanguageLabel } from '../../i18n';
import { positionRules, thumbnail, type Media } from './fields';

/** The testimonials: an author, a role and a quote in each language (`role.fr`, `quote.fr`, …), a photo. */

const ROLE = 'resources.temoignages.fields.role';
const QUOTE = 'resources.temoignages.fields.quote';

export function TestimonialList() {
  const inLanguage = useInLanguageLabel();
  return (
    <List sort={{ field: 'position', order: 'ASC' }} filters={[searchFilter]}>
      <DataTable>
        <DataTable.NumberCol source="position" />
        <DataTable.Col source="photo" disableSort render={(r: { photo: Media }) => thumbnail(r.photo)} />
        <DataTable.Col source="author" />
        <DataTable.Col source={`role.${DEFAULT_LANGUAGE}`} label={inLanguage(ROLE, DEFAULT_LANGUAGE)} disableSort />
        <DataTable.Col
          source={`quote.${DEFAULT_LANGUAGE}`}
          label={inLanguage(QUOTE, DEFAULT_LANGUAGE)}
          disableSort
          render={(r: { quote: Texts }) => {
            const quote = r.quote[DEFAULT_LANGUAGE];
            return quote.length > 90 ? `${quote.slice(0, 90)}…` : quote;
          }}
        />
      </DataTable>
    </List>
  );
}

export function TestimonialForm() {
  const inLanguage = useInLanguageLabel();
  return (
    <SimpleForm>
      <TextInput source="author" validate={[required(), maxLength(200)]} fullWidth />
      {LANGUAGES.map((lang) => (
        <TextInput
          key={lang}
          source={`role.${lang}`}
          label={inLanguage(ROLE, lang)}
          validate={maxLength(200)}
          fullWidth
        />
      ))}
      {LANGUAGES.map((lang) => (
        <TextInput
          key={lang}
          source={`quote.${lang}`}
          label={inLanguage(QUOTE, lang)}
          validate={[required(), maxLength(2000)]}
          multiline
          minRows={3}
          fullWidth
        />
      ))}
      <MediaInput source="photoId" label="resources.temoignages.fields.photoId" />
      <NumberInput source="position" validate={positionRules} helperText="admin.content.positionHint" />
    </SimpleForm>
  );
}
