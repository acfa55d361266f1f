import PublishedWithChangesIcon from '@mui/icons-material/PublishedWithChanges';
import HistoryIcon from '@mui/icons-material/History';
import { Alert, Box } from '@mui/material';
import { useEffect, useState } from 'react';
import {
  DataTable,
  DateInput,
  DateTimeInput,
  Edit,
  Link,
  List,
  NumberInput,
  Resource,
  SimpleForm,
  TextInput,
  TopToolbar,
  useNotify,
  type HttpError,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import {
  editionSchema,
  getOutdatedContent,
  postMakeEditionCurrent,
  type Answer,
  type adminEditionSchema,
  type outdatedContentSchema,
} from '@salon/shared';
import { ConfirmButton } from '../components/confirm-button';
import { createPage } from '../components/crud-pages';
import { useAdminCall } from '../components/use-admin-call';
import { adminCall } from '../http';
import { saveOnlyToolbar } from '../components/save-only-toolbar';
import { searchFilter } from '../components/filters';
import { dayText } from './content/fields';
import {
  AnnounceEditionButton,
  InviteExhibitorsButton,
  PrepareNextEditionButton,
  PreviewSiteButton,
  ThemeInputs,
} from './edition-actions';
import { formResolver } from '../../app/lib/form-resolver';
import { EditionHours } from './edition-hours';

type EditionRecord = Answer<typeof adminEditionSchema>;

/**
 * The editions of the history page (their list, their form and 'Rendre courante'), a part beside
 * the site's settings (site-settings.tsx); the edition page's other actions are in
 * edition-actions.tsx.
 */

const editionResolver = formResolver(editionSchema);

function EditionList() {
  const translate = useTranslate();
  return (
    <List sort={{ field: 'year', order: 'DESC' }} filters={[searchFilter]}>
      <DataTable bulkActionButtons={false}>
        <DataTable.NumberCol source="edition" />
        <DataTable.Col source="name" />
        <DataTable.NumberCol source="year" options={{ useGrouping: false }} />
        <DataTable.Col
          source="startsOn"
          label="admin.editions.dates"
          render={(r: { startsOn: string | null; endsOn: string | null }) =>
            r.startsOn && r.endsOn ? `${dayText(r.startsOn)} – ${dayText(r.endsOn)}` : '—'
          }
        />
        <DataTable.Col source="city" disableSort />
        <DataTable.Col
          source="current"
          disableSort
          render={(r: { current: boolean }) => (r.current ? translate('admin.editions.current') : '')}
        />
        <DataTable.NumberCol source="exhibitors" disableSort />
        <DataTable.NumberCol source="visitors" disableSort />
      </DataTable>
    </List>
  );
}

/**
 * On an edition not current yet (its page, where its preview opens, and 'Rendre courante''s
 * confirmation): the site's banners, captions and testimonials that still name the current
 * edition's year, each a link to its form (decision 045).
 */
function OutdatedContent({ id }: { id: number }) {
  const translate = useTranslate();
  const [outdated, setOutdated] = useState<Answer<typeof outdatedContentSchema> | null>(null);
  useEffect(() => {
    adminCall(getOutdatedContent, { params: { id: String(id) } }).then(setOutdated, () => setOutdated(null));
  }, [id]);
  if (!outdated?.records.length) return null;
  return (
    <Alert severity="warning" sx={{ my: 1 }}>
      {translate('admin.editions.outdated', { year: outdated.year })}
      <Box component="ul" sx={{ m: 0, pl: 3 }}>
        {outdated.records.map((r) => (
          <li key={`${r.resource}-${r.id}`}>
            <Link to={`/${r.resource}/${r.id}`}>
              {translate('admin.editions.outdatedRecord', {
                kind: translate(`resources.${r.resource}.name`, { smart_count: 1 }),
                text: r.text,
              })}
            </Link>
          </li>
        ))}
      </Box>
    </Alert>
  );
}

/** The current edition keeps dates and a city (the site prints them everywhere) and cannot be deleted. */
function EditionForm() {
  const translate = useTranslate();
  const record = useRecordContext<EditionRecord>();
  const current = record?.current === true;
  return (
    <SimpleForm resolver={editionResolver} toolbar={current ? saveOnlyToolbar : undefined}>
      {current && <Alert severity="info">{translate('admin.editions.currentHint')}</Alert>}
      {record && !current && <OutdatedContent id={record.id} />}
      <NumberInput source="edition" />
      <TextInput source="name" fullWidth />
      <NumberInput source="year" helperText="admin.editions.yearHint" />
      <DateInput
        source="startsOn"
        helperText={current ? 'admin.editions.currentDatesHint' : 'admin.editions.datesHint'}
      />
      <DateInput source="endsOn" />
      <EditionHours />
      <TextInput source="city" />
      <ThemeInputs />
      <NumberInput source="exhibitors" helperText="admin.editions.figuresHint" />
      <NumberInput source="visitors" helperText="admin.editions.figuresHint" />
      <DateTimeInput source="registrationOpensAt" helperText="admin.editions.opensHint" />
      <DateTimeInput source="registrationClosesAt" helperText="admin.editions.closesHint" />
    </SimpleForm>
  );
}

/**
 * 'Rendre courante', on an edition that is not: after a confirmation that says what follows, the
 * site, registrations, the exhibitor area and the gates follow it on every instance.
 */
function MakeCurrentButton() {
  const record = useRecordContext<EditionRecord>();
  const { busy, call } = useAdminCall();
  const notify = useNotify();
  const refresh = useRefresh();
  const translate = useTranslate();
  if (!record || record.current) return null;
  const run = (close: () => void) =>
    call(async () => {
      await adminCall(postMakeEditionCurrent, { params: { id: String(record.id) } }).catch((error: HttpError) => {
        // An edition without its dates and city cannot be current: say which, in the page's language.
        throw (error.body as { errors?: unknown } | undefined)?.errors ? new Error('editionNotDated') : error;
      });
      notify('admin.editions.madeCurrent', { type: 'success', messageArgs: { name: record.name } });
      refresh();
    }, close);
  return (
    <ConfirmButton
      label="admin.editions.makeCurrent"
      icon={<PublishedWithChangesIcon />}
      loading={busy}
      content={
        <>
          {translate('admin.editions.makeCurrentConfirm', { name: record.name })}
          <OutdatedContent id={record.id} />
        </>
      }
      translateOptions={{ name: record.name }}
      onConfirm={(close) => void run(close)}
    />
  );
}

const EditionCreate = createPage(EditionForm);
/** Saved once the server has answered, then back to the list; 'Rendre courante' above the form. */
const EditionEdit = () => (
  <Edit
    redirect="list"
    mutationMode="pessimistic"
    actions={
      <TopToolbar>
        <PreviewSiteButton />
        <PrepareNextEditionButton />
        <InviteExhibitorsButton />
        <AnnounceEditionButton />
        <MakeCurrentButton />
      </TopToolbar>
    }
  >
    <EditionForm />
  </Edit>
);

// ---- The part ----------------------------------------------------------------------------------------

export const editionsResources = (
  // Titled by its year ('Édition 2024'): its name already says 'édition'.
  <Resource
    name="editions"
    icon={HistoryIcon}
    list={EditionList}
    create={EditionCreate}
    edit={EditionEdit}
    recordRepresentation={(record: EditionRecord) => String(record.year)}
  />
);
