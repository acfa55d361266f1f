import { Stack, Typography } from '@mui/material';
import {
  Labeled,
  ListButton,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  useLocaleState,
  useRecordContext,
} from 'react-admin';
import { LISTED_PERSON_FIELDS } from '@salon/shared';
import { DateTimeField } from '../../components/date-time-field';
import { languageNameIn } from '../../i18n';
import { ErasedNotice, PersonStateLine } from './person-state';
import { EraseButton, PersonExportButton, ResendBadgeButton } from './visitor-actions';

/** A visitor's page, line by line: who, where they work, where from. */
const LINES: readonly string[][] = [
  ['name', 'email', 'phone'],
  ['company', 'jobPosition', 'secteurActivite', 'businessSector'],
  ['pays', 'language'],
];
/** A person's field that no line names yet (one just declared) ends the second line: every field shows. */
const VISITOR_DETAILS = LINES.map((line, i) =>
  i === 1 ? [...line, ...LISTED_PERSON_FIELDS.filter((field) => !LINES.flat().includes(field))] : line,
);

/** The visitor's language, in which its mails go out, named in the back-office's own ('Français', 'Anglais'). */
function LanguageField() {
  const record = useRecordContext<{ language?: string }>();
  const [locale] = useLocaleState();
  // Set as react-admin's TextField sets its value, so that the line reads as the others.
  return (
    <Typography component="span" variant="body2">
      {record?.language ? languageNameIn(locale, record.language) : '—'}
    </Typography>
  );
}

export function VisitorShow() {
  return (
    <Show
      actions={
        <TopToolbar sx={{ flexWrap: 'wrap' }}>
          <ListButton />
          <ResendBadgeButton />
          <PersonExportButton format="json" />
          <PersonExportButton format="xlsx" />
          <EraseButton />
        </TopToolbar>
      }
    >
      <SimpleShowLayout>
        <ErasedNotice />
        {VISITOR_DETAILS.map((line, i) => (
          <Stack key={line.join()} direction={{ xs: 'column', md: 'row' }} spacing={{ xs: 1, md: 3 }}>
            {line.map((source) => (
              <Labeled key={source} source={source}>
                {source === 'language' ? <LanguageField /> : <TextField source={source} emptyText="—" />}
              </Labeled>
            ))}
            {i === 0 && <PersonStateLine />}
            {i === VISITOR_DETAILS.length - 1 && (
              <Labeled source="createdAt">
                <DateTimeField source="createdAt" />
              </Labeled>
            )}
          </Stack>
        ))}
      </SimpleShowLayout>
    </Show>
  );
}
