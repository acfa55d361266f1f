import { zodResolver } from '@hookform/resolvers/zod';
import AutoDeleteIcon from '@mui/icons-material/AutoDelete';
import DataObjectIcon from '@mui/icons-material/DataObject';
import DeleteForeverIcon from '@mui/icons-material/DeleteForever';
import GridOnIcon from '@mui/icons-material/GridOn';
import PeopleIcon from '@mui/icons-material/People';
import SendIcon from '@mui/icons-material/Send';
import {
  Alert,
  Box,
  Button as MuiButton,
  Card,
  CardContent,
  Chip,
  CircularProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  BooleanInput,
  Button,
  Confirm,
  DataTable,
  Edit,
  FilterButton,
  Labeled,
  List,
  ListButton,
  NumberInput,
  Resource,
  SaveButton,
  SearchInput,
  Show,
  SimpleForm,
  SimpleList,
  SimpleShowLayout,
  TextField,
  TextInput,
  Toolbar,
  ToolbarClasses,
  TopToolbar,
  useGetOne,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { formatDateTime, retentionSettingsSchema } from '@salon/shared';
import { useSmall } from '../../components/use-small';
import { DateTimeField } from '../../components/date-time-field';
import { ListExportButton } from '../../components/list-export-button';
import { adminDownload, adminFetch } from '../../http';
import type { AdminMessages } from '../../i18n';

/**
 * Visitors and their personal data: the list and its spreadsheet, each visitor's page (badge sent
 * again, the person's data exported, the person erased), and the retention settings with a
 * dry-run that the organiser checks before anonymising anyone.
 */

/** What `GET admin/visitors` answers for one visitor. */
interface VisitorRow {
  id: number;
  name: string;
  email: string | null;
  phone: string | null;
  company: string | null;
  jobPosition: string | null;
  secteurActivite: string | null;
  businessSector: string | null;
  pays: string | null;
  language: string | null;
  createdAt: string;
  badgeRevoked: boolean;
  anonymisedAt: string | null;
}

interface RetentionSettings {
  id: 1;
  enabled: boolean;
  months: number;
  lastRunAt: string | null;
  cutoff: string | null;
}

interface DryRun {
  cutoff: string;
  total: number;
  people: { id: number; name: string; email: string | null; createdAt: string }[];
}

const errorMessage = (error: unknown) => (error as Error).message || 'admin.errors.generic';

/** A calendar day ('2026-06-01') as dd/MM/yyyy, an instant as dd/MM/yyyy HH:mm. */
function frenchDate(value: string | null | undefined): string {
  if (!value) return '—';
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return day ? `${day[3]}/${day[2]}/${day[1]}` : formatDateTime(value);
}

/** 'Supprimé' once erased, 'Badge révoqué' while the badge is revoked; nothing otherwise. */
function PersonStateChip(_props: { label?: string }) {
  const record = useRecordContext<VisitorRow>();
  const translate = useTranslate();
  if (!record) return null;
  if (record.anonymisedAt) return <Chip size="small" label={translate('admin.people.state.erased')} />;
  if (record.badgeRevoked)
    return <Chip size="small" color="warning" label={translate('admin.people.state.badgeRevoked')} />;
  return null;
}

/** The state on the visitor's page, only when there is one to show. */
function PersonStateLine() {
  const record = useRecordContext<VisitorRow>();
  if (!record?.anonymisedAt && !record?.badgeRevoked) return null;
  return (
    <Labeled source="status">
      <PersonStateChip />
    </Labeled>
  );
}

// ---- Visitors -----------------------------------------------------------------------------------

const visitorFilters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <TextInput key="secteurActivite" source="secteurActivite" />,
  <TextInput key="pays" source="pays" />,
];

function VisitorList() {
  const small = useSmall();
  return (
    <List
      sort={{ field: 'createdAt', order: 'DESC' }}
      filters={visitorFilters}
      actions={
        <TopToolbar>
          <FilterButton />
          <ListExportButton label="admin.people.exportList" path="visitors/export.xlsx" filename="visiteurs.xlsx" />
        </TopToolbar>
      }
      exporter={false}
    >
      {small ? (
        <SimpleList<VisitorRow>
          primaryText={(r) => r.name}
          secondaryText={(r) => [r.company, r.email].filter(Boolean).join(' · ')}
          tertiaryText={<PersonStateChip />}
          linkType="show"
        />
      ) : (
        <DataTable rowClick="show" bulkActionButtons={false}>
          <DataTable.Col source="name" />
          <DataTable.Col source="email" disableSort />
          <DataTable.Col source="company" />
          <DataTable.Col source="secteurActivite" disableSort />
          <DataTable.Col source="pays" disableSort />
          <DataTable.Col source="createdAt" field={DateTimeField} />
          <DataTable.Col source="status" disableSort>
            <PersonStateChip />
          </DataTable.Col>
        </DataTable>
      )}
    </List>
  );
}

/** Mails the visitor's badge again; the API refuses an erased person or a revoked badge. */
function ResendBadgeButton() {
  const record = useRecordContext<VisitorRow>();
  const [busy, setBusy] = useState(false);
  const notify = useNotify();
  if (!record || record.anonymisedAt) return null;
  async function resend() {
    setBusy(true);
    try {
      await adminFetch(`visitors/${record!.id}/resend-badge`, { method: 'POST' });
      notify('admin.people.badgeResent', { type: 'success' });
    } catch (error) {
      notify(errorMessage(error), { type: 'error' });
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button label="admin.people.resendBadge" onClick={() => void resend()} disabled={busy || record.badgeRevoked}>
      <SendIcon />
    </Button>
  );
}

/** Everything the show keeps about the person (the right of access), as JSON or a spreadsheet. */
function PersonExportButton({ format }: { format: 'json' | 'xlsx' }) {
  const record = useRecordContext<VisitorRow>();
  const [busy, setBusy] = useState(false);
  const notify = useNotify();
  if (!record || record.anonymisedAt) return null;
  async function download() {
    setBusy(true);
    try {
      await adminDownload(`people/${record!.id}/export.${format}`, `donnees-${record!.id}.${format}`);
    } catch (error) {
      notify(errorMessage(error), { type: 'error' });
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button label={`admin.people.export.${format}`} onClick={() => void download()} disabled={busy}>
      {format === 'json' ? <DataObjectIcon /> : <GridOnIcon />}
    </Button>
  );
}

function EraseExplanation({ name }: { name: string }) {
  const translate = useTranslate();
  return (
    <>
      <Typography gutterBottom>{translate('admin.people.erase.intro', { name })}</Typography>
      <Box component="ul" sx={{ pl: 3, my: 1 }}>
        <li>{translate('admin.people.erase.fields')}</li>
        <li>{translate('admin.people.erase.badge')}</li>
        <li>{translate('admin.people.erase.scans')}</li>
      </Box>
      <Typography sx={{ fontWeight: 'bold' }}>{translate('admin.people.erase.irreversible')}</Typography>
    </>
  );
}

/** The right to erasure: the person's fields anonymised once the organiser has read what it does. */
function EraseButton() {
  const record = useRecordContext<VisitorRow>();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const notify = useNotify();
  const refresh = useRefresh();
  if (!record || record.anonymisedAt) return null;
  async function erase() {
    setBusy(true);
    try {
      await adminFetch(`people/${record!.id}/erase`, { method: 'POST' });
      notify('admin.people.erase.done', { type: 'success' });
      refresh();
    } catch (error) {
      notify(errorMessage(error), { type: 'error' });
    } finally {
      setBusy(false);
      setOpen(false);
    }
  }
  return (
    <>
      <Button label="admin.people.erase.action" color="error" onClick={() => setOpen(true)} disabled={busy}>
        <DeleteForeverIcon />
      </Button>
      <Confirm
        isOpen={open}
        loading={busy}
        title="admin.people.erase.action"
        content={<EraseExplanation name={record.name} />}
        confirm="admin.people.erase.confirm"
        confirmColor="warning"
        onConfirm={() => void erase()}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

function ErasedNotice() {
  const record = useRecordContext<VisitorRow>();
  const translate = useTranslate();
  if (!record?.anonymisedAt) return null;
  return (
    <Alert severity="info" sx={{ width: '100%' }}>
      {translate('admin.people.erasedOn', { date: formatDateTime(record.anonymisedAt) })}
    </Alert>
  );
}

/** A visitor's page, line by line: who, where they work, where from. */
const VISITOR_DETAILS = [
  ['name', 'email', 'phone'],
  ['company', 'jobPosition', 'secteurActivite', 'businessSector'],
  ['pays', 'language'],
] as const;

function VisitorShow() {
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
                <TextField source={source} emptyText="—" />
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

// ---- Retention ----------------------------------------------------------------------------------

/**
 * One record that always exists: saved, never deleted. The toolbar stays under its form on phones
 * too (react-admin pins it to the screen's bottom, where it would cover the checklist below).
 */
const saveOnly = (
  <Toolbar sx={{ [`&.${ToolbarClasses.mobileToolbar}`]: { position: 'static' } }}>
    <SaveButton />
  </Toolbar>
);

function RetentionDates() {
  const record = useRecordContext<RetentionSettings>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={{ xs: 1, md: 4 }} sx={{ mb: 1 }}>
      <Labeled label="resources.retention.fields.lastRunAt">
        <Typography variant="body2">
          {record.lastRunAt ? formatDateTime(record.lastRunAt) : translate('admin.people.retention.never')}
        </Typography>
      </Labeled>
      <Labeled label="resources.retention.fields.cutoff">
        <Typography variant="body2">{frenchDate(record.cutoff)}</Typography>
      </Labeled>
    </Stack>
  );
}

/**
 * What the settings would anonymise today, listed before anything happens; 'Anonymiser
 * maintenant' sends exactly the ids the organiser has seen, not whatever matches by then.
 */
function DryRunPanel() {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const small = useSmall();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  // Saving the form updates this record in react-admin's cache, which reloads the simulation.
  const { data: settings } = useGetOne<RetentionSettings>('retention', { id: 1 });
  const { data, error, isFetching } = useQuery({
    queryKey: ['admin', 'retention', 'dry-run', settings?.months, settings?.enabled, settings?.lastRunAt],
    queryFn: () => adminFetch<DryRun>('retention/1/dry-run'),
  });
  const ids = data?.people.map((p) => p.id) ?? [];
  async function run() {
    setBusy(true);
    try {
      const result = await adminFetch<{ anonymised: number }>('retention/1/run', { method: 'POST', body: { ids } });
      notify('admin.people.retention.done', { type: 'success', messageArgs: { smart_count: result.anonymised } });
      // Reloads the settings (their last run) and with them the simulation.
      refresh();
    } catch (err) {
      notify(errorMessage(err), { type: 'error' });
    } finally {
      setBusy(false);
      setOpen(false);
    }
  }
  return (
    <Card component="section" aria-labelledby="retention-dry-run" sx={{ mt: 2 }}>
      <CardContent>
        <Typography id="retention-dry-run" variant="h6" component="h2" gutterBottom>
          {translate('admin.people.retention.dryRun')}
        </Typography>
        <Typography variant="body2" color="text.secondary" gutterBottom>
          {translate('admin.people.retention.dryRunHint')}
        </Typography>
        {error ? (
          <Alert severity="error">{translate(errorMessage(error))}</Alert>
        ) : !data ? (
          <CircularProgress size={24} aria-label={translate('ra.page.loading')} />
        ) : (
          <>
            <Typography sx={{ my: 1 }} data-testid="retention-total">
              {translate(data.total === 0 ? 'admin.people.retention.none' : 'admin.people.retention.total', {
                smart_count: data.total,
              })}
            </Typography>
            {data.people.length < data.total && (
              <Typography variant="body2" color="text.secondary">
                {translate('admin.people.retention.partial', { smart_count: data.people.length })}
              </Typography>
            )}
            {data.people.length > 0 && (
              <Box sx={{ maxHeight: 360, overflow: 'auto', my: 1 }}>
                <Table size="small" stickyHeader>
                  <TableHead>
                    <TableRow>
                      <TableCell>{translate('resources.visitors.fields.name')}</TableCell>
                      {!small && <TableCell>{translate('resources.visitors.fields.email')}</TableCell>}
                      <TableCell>{translate('resources.visitors.fields.createdAt')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {data.people.map((p) => (
                      <TableRow key={p.id}>
                        <TableCell>
                          {p.name}
                          {small && p.email && (
                            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                              {p.email}
                            </Typography>
                          )}
                        </TableCell>
                        {!small && <TableCell>{p.email}</TableCell>}
                        <TableCell>
                          {small ? frenchDate(p.createdAt).slice(0, 10) : formatDateTime(p.createdAt)}
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </Box>
            )}
          </>
        )}
        {/* MUI's button: react-admin's shows only its icon on phones, too little for this one. */}
        <MuiButton
          variant="contained"
          color="error"
          startIcon={<AutoDeleteIcon />}
          onClick={() => setOpen(true)}
          disabled={busy || isFetching || ids.length === 0}
          sx={{ mt: 1 }}
        >
          {translate('admin.people.retention.run')}
        </MuiButton>
        <Confirm
          isOpen={open}
          loading={busy}
          title="admin.people.retention.run"
          content="admin.people.retention.runConfirm"
          contentTranslateOptions={{ smart_count: ids.length }}
          confirm="admin.people.retention.run"
          confirmColor="warning"
          onConfirm={() => void run()}
          onClose={() => setOpen(false)}
        />
      </CardContent>
    </Card>
  );
}

const retentionResolver = zodResolver(retentionSettingsSchema) as never;

/** The settings open straight from the menu (one record, id 1), the simulation below them. */
function RetentionPage() {
  return (
    <Box>
      <Edit
        resource="retention"
        id={1}
        redirect={false}
        mutationMode="pessimistic"
        title="admin.people.retention.title"
        transform={(data: RetentionSettings) => ({ enabled: data.enabled, months: data.months })}
      >
        {/* Without the room react-admin leaves on phones for a pinned toolbar: this one is not pinned. */}
        <SimpleForm toolbar={saveOnly} resolver={retentionResolver} sx={{ '&&': { pb: 2 } }}>
          <RetentionDates />
          <BooleanInput source="enabled" helperText="admin.people.retention.enabledHint" />
          {/* No min/max: the schema's message says what is wrong, not the browser's bubble in its own language. */}
          <NumberInput
            source="months"
            helperText="admin.people.retention.monthsHint"
            sx={{ maxWidth: 420 }}
            fullWidth
          />
        </SimpleForm>
      </Edit>
      <DryRunPanel />
    </Box>
  );
}

// ---- The part -----------------------------------------------------------------------------------

export const peopleResources = (
  <>
    <Resource name="visitors" icon={PeopleIcon} list={VisitorList} show={VisitorShow} recordRepresentation="name" />
    {/* One record, whose form opens straight from the menu. */}
    <Resource name="retention" icon={AutoDeleteIcon} list={RetentionPage} />
  </>
);

export const peopleMessages: AdminMessages = {
  fr: {
    retentionMonths: 'Une durée de 1 à 240 mois (20 ans) est attendue.',
    resources: {
      visitors: {
        name: 'Visiteur |||| Visiteurs',
        fields: {
          id: 'N°',
          name: 'Nom',
          email: 'Email',
          phone: 'Téléphone',
          company: 'Société',
          jobPosition: 'Fonction',
          secteurActivite: "Secteur d'activité",
          businessSector: 'Secteur (détail)',
          pays: 'Pays',
          language: 'Langue',
          createdAt: 'Inscrit le',
          status: 'État',
          anonymisedAt: 'Supprimé le',
          q: 'Rechercher',
        },
      },
      retention: {
        name: 'Conservation des données',
        fields: {
          enabled: 'Anonymisation automatique activée',
          months: 'Durée de conservation (mois après le dernier jour du salon)',
          lastRunAt: 'Dernière anonymisation',
          cutoff: 'Données de cette édition conservées jusqu’au',
        },
      },
    },
    admin: {
      people: {
        state: { erased: 'Supprimé', badgeRevoked: 'Badge révoqué' },
        exportList: 'Exporter (xlsx)',
        resendBadge: 'Renvoyer le badge',
        badgeResent: 'Badge renvoyé par e-mail.',
        export: { json: 'Exporter les données (JSON)', xlsx: 'Exporter les données (xlsx)' },
        erasedOn: 'Données personnelles supprimées le %{date}.',
        erase: {
          action: 'Supprimer les données personnelles',
          intro: 'Les données personnelles de %{name} vont être supprimées :',
          fields:
            'le nom, l’adresse e-mail, le téléphone, la société, la fonction et les autres champs sont anonymisés ;',
          badge: 'son badge est révoqué et ne permet plus d’entrer ;',
          scans: 'ses scans sont conservés pour les comptes des exposants, sous le nom « Personne supprimée ».',
          irreversible: 'Cette opération est irréversible.',
          confirm: 'Supprimer',
          done: 'Données personnelles supprimées.',
        },
        retention: {
          title: 'Conservation des données personnelles',
          enabledHint:
            'Désactivée tant qu’elle n’est pas activée ici : aucun visiteur n’est anonymisé automatiquement.',
          monthsHint: 'Entre 1 et 240 mois ; 24 mois par défaut.',
          never: 'Jamais',
          dryRun: 'Liste de contrôle (simulation)',
          dryRunHint:
            'Les visiteurs dont le dernier salon s’est terminé depuis plus longtemps que la durée enregistrée. Rien n’est modifié tant que vous ne cliquez pas sur « Anonymiser maintenant ».',
          none: 'Aucun visiteur à anonymiser aujourd’hui.',
          total:
            '%{smart_count} visiteur à anonymiser aujourd’hui. |||| %{smart_count} visiteurs à anonymiser aujourd’hui.',
          partial: 'Les %{smart_count} premiers sont listés et seront anonymisés.',
          run: 'Anonymiser maintenant',
          runConfirm:
            'Les données personnelles du visiteur listé seront anonymisées et son badge révoqué. Cette opération est irréversible. |||| Les données personnelles des %{smart_count} visiteurs listés seront anonymisées et leurs badges révoqués. Cette opération est irréversible.',
          done: '%{smart_count} visiteur anonymisé. |||| %{smart_count} visiteurs anonymisés.',
        },
      },
    },
  },
  en: {
    retentionMonths: 'A duration of 1 to 240 months (20 years) is expected.',
    resources: {
      visitors: {
        name: 'Visitor |||| Visitors',
        fields: {
          id: 'No.',
          name: 'Name',
          email: 'E-mail',
          phone: 'Phone',
          company: 'Company',
          jobPosition: 'Position',
          secteurActivite: 'Business sector',
          businessSector: 'Sector (detail)',
          pays: 'Country',
          language: 'Language',
          createdAt: 'Registered',
          status: 'State',
          anonymisedAt: 'Erased',
          q: 'Search',
        },
      },
      retention: {
        name: 'Data retention',
        fields: {
          enabled: 'Automatic anonymisation on',
          months: 'Retention period (months after the last day of the show)',
          lastRunAt: 'Last anonymisation',
          cutoff: 'This edition’s data kept until',
        },
      },
    },
    admin: {
      people: {
        state: { erased: 'Erased', badgeRevoked: 'Badge revoked' },
        exportList: 'Export (xlsx)',
        resendBadge: 'Resend the badge',
        badgeResent: 'Badge sent again by e-mail.',
        export: { json: 'Export the data (JSON)', xlsx: 'Export the data (xlsx)' },
        erasedOn: 'Personal data erased on %{date}.',
        erase: {
          action: 'Erase the personal data',
          intro: 'The personal data of %{name} will be erased:',
          fields: 'the name, e-mail address, phone, company, position and the other fields are anonymised;',
          badge: 'the badge is revoked and no longer lets anyone in;',
          scans: 'the scans are kept for the exhibitors’ counts, under the name “Personne supprimée”.',
          irreversible: 'This cannot be undone.',
          confirm: 'Erase',
          done: 'Personal data erased.',
        },
        retention: {
          title: 'Personal data retention',
          enabledHint: 'Off until it is turned on here: no visitor is anonymised automatically.',
          monthsHint: 'Between 1 and 240 months; 24 months by default.',
          never: 'Never',
          dryRun: 'Checklist (dry run)',
          dryRunHint:
            'The visitors whose latest show ended longer ago than the saved period. Nothing changes until you click “Anonymise now”.',
          none: 'No visitor to anonymise today.',
          total: '%{smart_count} visitor to anonymise today. |||| %{smart_count} visitors to anonymise today.',
          partial: 'The first %{smart_count} are listed and will be anonymised.',
          run: 'Anonymise now',
          runConfirm:
            'The personal data of the listed visitor will be anonymised and the badge revoked. This cannot be undone. |||| The personal data of the %{smart_count} listed visitors will be anonymised and their badges revoked. This cannot be undone.',
          done: '%{smart_count} visitor anonymised. |||| %{smart_count} visitors anonymised.',
        },
      },
    },
  },
};
