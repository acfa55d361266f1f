import { useWatch } from 'react-hook-form';
import { LANGUAGES } from '@salon/shared';
import {
  AutocompleteArrayInput,
  DataTable,
  DateInput,
  List,
  ReferenceArrayInput,
  SelectInput,
  SimpleForm,
  TextInput,
  maxLength,
  required,
  useTranslate,
} from 'react-admin';
import { choicesOf, searchFilter } from '../../components/filters';
import { editionFilter, EditionInput, EditionListActions, useEditionDefaults } from '../../components/editions';
import { useInLanguageLabel } from '../../i18n';
import { HHMM, dayText, matches } from './fields';

/** The forum's conferences: a number, a kind, a day of the show and its hours, texts in each language (`title.fr`, …). */

const FIELDS = 'resources.conferences.fields';
const KINDS = choicesOf(['conference', 'academy', 'sponsor'], 'admin.content.kinds');

/** An edition's programme: the current one's until another edition is picked. */
export function ConferenceList() {
  const defaults = useEditionDefaults();
  const inLanguage = useInLanguageLabel();
  if (!defaults) return null;
  return (
    <List
      sort={{ field: 'day', order: 'ASC' }}
      filterDefaultValues={defaults}
      actions={<EditionListActions />}
      filters={[
        searchFilter,
        editionFilter('admin.editions.currentEdition'),
        <DateInput key="day" source="day" alwaysOn />,
        <SelectInput key="kind" source="kind" choices={KINDS} alwaysOn />,
      ]}
    >
      <DataTable>
        <DataTable.Col source="number" />
        <DataTable.Col source="day" render={(r: { day: string }) => dayText(r.day)} />
        <DataTable.Col
          source="startsAt"
          render={(r: { startsAt: string; endsAt: string }) => `${r.startsAt} – ${r.endsAt}`}
        />
        <DataTable.Col source="kind" render={(r: { kind: string }) => <KindText kind={r.kind} />} />
        <DataTable.Col source={`title.${LANGUAGES[0]}`} label={inLanguage(`${FIELDS}.title`, LANGUAGES[0])} />
        <DataTable.NumberCol source="registrations" disableSort />
      </DataTable>
    </List>
  );
}

function KindText({ kind }: { kind: string }) {
  const choice = KINDS.find((k) => k.id === kind);
  return <TranslatedText text={choice?.name ?? kind} />;
}

function TranslatedText({ text }: { text: string }) {
  const translate = useTranslate();
  return <>{translate(text, { _: text })}</>;
}

/** The end comes after the start (the server says the same, and checks the day is a show day). */
const conferenceRules = (values: Record<string, unknown>) => {
  const { startsAt, endsAt } = values as { startsAt?: string; endsAt?: string };
  return startsAt && endsAt && HHMM.test(startsAt) && HHMM.test(endsAt) && endsAt <= startsAt
    ? { endsAt: 'admin.content.errors.endsBeforeStart' }
    : {};
};
const timeRules = [required(), matches(HHMM, 'admin.content.errors.time')];

/** Who gives the conference: exhibitors of its edition (the form's, else the current one). */
function GiversInput() {
  const edition = useWatch({ name: 'edition' }) as number | null | undefined;
  const defaults = useEditionDefaults();
  const shown = edition ?? defaults?.edition;
  return (
    <ReferenceArrayInput
      source="exhibitorIds"
      reference="exhibitors"
      filter={shown ? { edition: shown } : {}}
      sort={{ field: 'company', order: 'ASC' }}
      perPage={50}
    >
      <AutocompleteArrayInput
        optionText="company"
        filterToQuery={(q: string) => ({ q })}
        helperText="admin.content.giversHint"
        fullWidth
      />
    </ReferenceArrayInput>
  );
}

export function ConferenceForm() {
  const inLanguage = useInLanguageLabel();
  return (
    <SimpleForm validate={conferenceRules}>
      <EditionInput />
      <TextInput source="number" validate={[required(), maxLength(20)]} />
      <SelectInput source="kind" choices={KINDS} validate={required()} defaultValue="conference" />
      {LANGUAGES.map((lang) => (
        <TextInput
          key={lang}
          source={`title.${lang}`}
          label={inLanguage(`${FIELDS}.title`, lang)}
          validate={[required(), maxLength(300)]}
          fullWidth
        />
      ))}
      {LANGUAGES.map((lang) => (
        <TextInput
          key={lang}
          source={`theme.${lang}`}
          label={inLanguage(`${FIELDS}.theme`, lang)}
          validate={maxLength(200)}
          fullWidth
        />
      ))}
      <DateInput source="day" validate={required()} helperText="admin.content.dayHint" />
      <TextInput source="startsAt" type="time" validate={timeRules} />
      <TextInput source="endsAt" type="time" validate={timeRules} />
      {LANGUAGES.map((lang) => (
        <TextInput
          key={lang}
          source={`description.${lang}`}
          label={inLanguage(`${FIELDS}.description`, lang)}
          validate={maxLength(5000)}
          multiline
          minRows={4}
          fullWidth
          helperText="admin.content.speakersHint"
        />
      ))}
      <GiversInput />
    </SimpleForm>
  );
}
