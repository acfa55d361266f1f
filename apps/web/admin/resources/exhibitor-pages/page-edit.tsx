import { Alert, Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import {
  CheckboxGroupInput,
  Edit,
  SimpleForm,
  TextInput,
  useLocaleState,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import {
  EXHIBITOR_LINKS,
  LANGUAGES,
  asLanguage,
  exhibitorPageFormSchema,
  getSectors,
  pickFilled,
  type Answer,
  type Language,
  type adminExhibitorPageSchema,
} from '@salon/shared';
import { StatusLine } from '../../components/status-line';
import { adminCall } from '../../http';
import { formResolver } from '../../../app/lib/form-resolver';
import { useInLanguageLabel } from '../../i18n';
import { ExhibitorPageActions } from './page-actions';
import { PageStatusChip } from './status';

type Page = Answer<typeof adminExhibitorPageSchema>;
type Version = Page['live'];

/** A sector of the show's list, named in the back-office's language. */
interface SectorChoice {
  id: number;
  name: string;
}

/** The show's list of sectors an exhibitor chooses from (the public `GET sectors`). */
function useSectors(): SectorChoice[] {
  const [locale] = useLocaleState();
  const [sectors, setSectors] = useState<SectorChoice[]>([]);
  useEffect(() => {
    void adminCall(getSectors, {})
      .then((answer) =>
        setSectors(
          answer.data
            .filter((s) => s.kind === 'choice')
            .map((s) => ({ id: s.id, name: pickFilled(asLanguage(locale), s.name) })),
        ),
      )
      .catch(() => undefined);
  }, [locale]);
  return sectors;
}

const FIELDS = 'resources.exhibitor-pages.fields';
/** The presentation's row in each language (`description.fr`, …), then the page's other fields. */
const descriptionRow = (lang: Language) => `description.${lang}`;
const ROWS = [...LANGUAGES.map(descriptionRow), 'sectorIds', 'brands', ...EXHIBITOR_LINKS, 'logo', 'documents'];
const languageOfRow = (row: string) => LANGUAGES.find((lang) => descriptionRow(lang) === row);

/** A version's value of one row, as text (never read as HTML). */
function cell(version: Version | null, row: string, sectors: SectorChoice[]): string {
  if (!version) return '';
  const lang = languageOfRow(row);
  if (lang) return version.description[lang] ?? '';
  if (row === 'sectorIds')
    return version.sectorIds.map((id) => sectors.find((s) => s.id === id)?.name ?? `#${id}`).join(', ');
  if (row === 'brands') return version.brands.join(', ');
  if (row === 'logo') return version.logo?.name ?? '';
  if (row === 'documents') return version.documents.map((d) => d.name).join(', ');
  return (version[row as keyof Version] as string | null) ?? '';
}

/** The live version beside the pending one, the changed rows marked. */
function Versions({ sectors }: { sectors: SectorChoice[] }) {
  const page = useRecordContext<Page>();
  const translate = useTranslate();
  const inLanguage = useInLanguageLabel();
  if (!page) return null;
  const label = (row: string) => {
    const lang = languageOfRow(row);
    return lang ? inLanguage(`${FIELDS}.description`, lang) : translate(`${FIELDS}.${row}`);
  };
  return (
    <Box sx={{ width: '100%', overflowX: 'auto', mb: 2 }}>
      {page.status === 'held' && (
        <Alert severity="warning" sx={{ mb: 1, whiteSpace: 'pre-line' }}>
          {translate('admin.exhibitorPages.heldBecause', { reason: page.reason })}
        </Alert>
      )}
      {!page.pending && <Alert severity="info">{translate('admin.exhibitorPages.nothingPending')}</Alert>}
      <Table size="small" aria-label={translate('admin.exhibitorPages.versions')}>
        <TableHead>
          <TableRow>
            <TableCell />
            <TableCell>{translate('admin.exhibitorPages.live')}</TableCell>
            {page.pending && <TableCell>{translate('admin.exhibitorPages.pending')}</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {ROWS.map((row) => {
            const live = cell(page.live, row, sectors);
            const pending = cell(page.pending, row, sectors);
            const changed = page.pending !== null && live !== pending;
            return (
              <TableRow key={row} sx={changed ? { bgcolor: 'warning.light' } : undefined}>
                <TableCell component="th" scope="row">
                  {label(row)}
                  {changed && ` (${translate('admin.exhibitorPages.changed')})`}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'pre-line', verticalAlign: 'top' }}>{live}</TableCell>
                {page.pending && <TableCell sx={{ whiteSpace: 'pre-line', verticalAlign: 'top' }}>{pending}</TableCell>}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </Box>
  );
}

const resolver = formResolver(exhibitorPageFormSchema);
const lines = (value: string[] | undefined) => (value ?? []).join('\n');
const brandsOf = (text: string) => text.split('\n').filter((line) => line.trim() !== '');

/**
 * One exhibitor's page: its versions side by side, 'Publier' and 'Refuser' while a change waits,
 * and 'Corriger': the organiser's version of the fields under review (the pending ones, else the
 * live ones), checked with the exhibitor's own schema and published on save.
 */
export function ExhibitorPageEdit() {
  const sectors = useSectors();
  const translate = useTranslate();
  const inLanguage = useInLanguageLabel();
  return (
    <Edit actions={<ExhibitorPageActions />} mutationMode="pessimistic" title="admin.exhibitorPages.title">
      <SimpleForm resolver={resolver}>
        <StatusLine label="resources.exhibitor-pages.fields.status">
          <PageStatusChip />
        </StatusLine>
        <Versions sectors={sectors} />
        <Typography variant="h6" component="h2">
          {translate('admin.exhibitorPages.correct')}
        </Typography>
        <Typography variant="body2" sx={{ mb: 1 }}>
          {translate('admin.exhibitorPages.correctHint')}
        </Typography>
        {LANGUAGES.map((lang) => (
          <TextInput
            key={lang}
            source={descriptionRow(lang)}
            label={inLanguage(`${FIELDS}.description`, lang)}
            multiline
            minRows={4}
            fullWidth
          />
        ))}
        <CheckboxGroupInput source="sectorIds" choices={sectors} row={false} />
        <TextInput
          source="brands"
          multiline
          minRows={3}
          fullWidth
          format={lines}
          parse={brandsOf}
          helperText="admin.exhibitorPages.brandsHint"
        />
        {EXHIBITOR_LINKS.map((kind) => (
          <TextInput key={kind} source={kind} type="url" fullWidth />
        ))}
      </SimpleForm>
    </Edit>
  );
}
