import { DataTable, List, NumberInput, SimpleForm, TextInput, required } from 'react-admin';
import { DEFAULT_LANGUAGE, LANGUAGES, testimonialSchema, type Texts } from '@salon/shared';
import { MediaInput } from '../../components/media-input';
import { searchFilter } from '../../components/filters';
import { useInLanguageLabel } from '../../i18n';
import { contentResolver, thumbnail, type Media } from './fields';

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

const resolver = contentResolver(testimonialSchema);

export function TestimonialForm() {
  const inLanguage = useInLanguageLabel();
  return (
    <SimpleForm resolver={resolver}>
      <TextInput source="author" validate={required()} fullWidth />
      {LANGUAGES.map((lang) => (
        <TextInput key={lang} source={`role.${lang}`} label={inLanguage(ROLE, lang)} fullWidth />
      ))}
      {LANGUAGES.map((lang) => (
        <TextInput
          key={lang}
          source={`quote.${lang}`}
          label={inLanguage(QUOTE, lang)}
          validate={required()}
          multiline
          minRows={3}
          fullWidth
        />
      ))}
      <MediaInput source="photoId" label="resources.temoignages.fields.photoId" />
      <NumberInput source="position" helperText="admin.content.positionHint" />
    </SimpleForm>
  );
}
