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
import { editionSchema, type Answer, type adminEditionSchema, type outdatedContentSchema } from '@salon/shared';
import { ConfirmButton } from '../components/confirm-button';
import { createPage } from '../components/crud-pages';
import { useAdminCall } from '../components/use-admin-call';
import { adminFetch } from '../http';
import { saveOnlyToolbar } from '../components/save-only-toolbar';
import { searchFilter } from '../components/filters';
import type { AdminMessages } from '../i18n';
import { dayText } from './content/fields';
import {
  AnnounceEditionButton,
  InviteExhibitorsButton,
  PrepareNextEditionButton,
  PreviewSiteButton,
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
    adminFetch<Answer<typeof outdatedContentSchema>>(`editions/${id}/outdated-content`).then(setOutdated, () =>
      setOutdated(null),
    );
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
      <TextInput source="theme" fullWidth />
      <TextInput source="themeEn" fullWidth helperText="admin.editions.themeEnHint" />
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
      await adminFetch(`editions/${record.id}/make-current`, { method: 'POST' }).catch((error: HttpError) => {
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

export const editionsMessages: AdminMessages = {
  fr: {
    // The hours' message keys (packages/shared/src/site-settings.ts, the API's 400).
    timeOfDay: 'Une heure, de 00:00 à 23:59.',
    hoursNotShowDays: 'Les horaires nomment chaque jour de l’édition, et eux seuls : rechargez la page.',
    resources: {
      editions: {
        name: 'Édition |||| Éditions',
        fields: {
          edition: 'N° d’édition',
          name: 'Nom',
          year: 'Année',
          startsOn: 'Début',
          endsOn: 'Fin',
          city: 'Ville',
          theme: 'Thème',
          themeEn: 'Thème en anglais',
          registrationOpensAt: 'Ouverture des inscriptions',
          registrationClosesAt: 'Clôture des inscriptions',
          exhibitors: 'Exposants',
          visitors: 'Visiteurs',
          current: 'En cours',
          q: 'Rechercher',
        },
      },
    },
    admin: {
      editions: {
        currentHint:
          'L’édition en cours : le site, les badges et les e-mails affichent son numéro, ses dates, sa ville et son thème, et suivent aussitôt leurs changements. Elle ne peut pas être supprimée.',
        current: 'En cours',
        dates: 'Dates',
        datesHint: 'Vide pour une édition passée dont seule l’année est connue.',
        yearHint: 'Vide : l’année du début.',
        makeCurrent: 'Rendre courante',
        makeCurrentConfirm:
          '« %{name} » devient l’édition en cours : le site public, les inscriptions, l’espace exposant, les badges et les contrôles d’accès la suivent dès maintenant. Les badges de l’édition en cours jusqu’ici seront refusés aux portes.',
        madeCurrent: '« %{name} » est l’édition en cours.',
        themeEnHint: 'Vide : le thème en français, sur les pages en anglais aussi.',
        currentDatesHint:
          'Les horaires d’ouverture suivent les dates : chaque jour garde ceux de sa place dans le salon.',
        hours: 'Horaires d’ouverture',
        opens: 'Ouverture',
        closes: 'Fermeture',
        noHours:
          'Les horaires d’ouverture suivent les dates : une fois les dates enregistrées, chaque jour du salon a les siens, à régler ici.',
        hoursFollowDates:
          'Les dates changent : à l’enregistrement, les horaires suivent les nouvelles dates (chaque jour garde ceux de sa place dans le salon). Réglez-les ensuite jour par jour.',
        opensHint: 'Inscriptions des visiteurs, demandes d’exposants et borne. Vide : dès maintenant.',
        closesHint: 'Vide : à la fin du dernier jour du salon. L’accueil dit ensuite que le salon est terminé.',
        prepareNext: 'Préparer l’édition suivante',
        preview: 'Aperçu du site',
        prepareNextTitle: 'Préparer la %{fr} édition',
        prepareNextIntro:
          'Son numéro suit celui-ci et son année est celle de son début. Ses horaires d’ouverture suivent ses dates ; le programme du forum commence vide ; aucune inscription, aucun badge ni aucun scan n’est repris. Secteurs, partenaires, bannières et textes des pages sont ceux du site : ils restent tels quels.',
        carryHalls: 'Reprendre les halls, leur plan et leurs stands',
        prepare: 'Préparer',
        prepared: '« %{name} » est préparée : rendez-la courante le moment venu.',
        inviteExhibitors: 'Inviter les exposants de %{year}',
        inviteExhibitorsPlan:
          'Un exposant confirmé en %{year} recevra un e-mail pour confirmer sa participation à l’édition en cours, ses coordonnées déjà remplies. Vous confirmerez ensuite sa participation dans « Exposants ». |||| %{smart_count} exposants confirmés en %{year} recevront un e-mail pour confirmer leur participation à l’édition en cours, leurs coordonnées déjà remplies. Vous confirmerez ensuite leur participation dans « Exposants ».',
        inviteExhibitorsNone: 'Aucun exposant confirmé en %{year} ne reste à inviter à l’édition en cours.',
        inviteExhibitorsDone:
          'Un exposant de cette édition a déjà été invité. |||| %{smart_count} exposants de cette édition ont déjà été invités.',
        send: 'Envoyer',
        figuresHint:
          'Les chiffres publiés (l’édition en cours : des objectifs). Vide : une fois l’édition terminée, ceux de ses inscriptions.',
        currentEdition: 'Édition en cours',
        allEditions: 'Toutes les éditions',
        editionHint: 'Vide : l’édition en cours. Une fois enregistré, il reste dans son édition.',
        dashboardEdition: 'Édition',
        announce: 'Inviter les abonnés à la newsletter',
        announcePlan:
          'L’invitation à cette édition partira vers l’adresse confirmée de la newsletter, une seule fois. |||| L’invitation à cette édition partira vers les %{smart_count} adresses confirmées de la newsletter, une seule fois ; les adresses jamais confirmées et les désinscrites ne reçoivent rien.',
        outdated: 'Ces contenus du site nomment encore %{year} : corrigez-les pour la nouvelle édition.',
        outdatedRecord: '%{kind} : « %{text} »',
        announceNone:
          'Aucune adresse n’a encore confirmé son inscription à la newsletter : l’invitation n’a personne à qui partir pour l’instant.',
        announceSent: 'L’invitation à cette édition est partie le %{date} : elle ne part qu’une fois.',
        announced: 'Invitation envoyée à une adresse. |||| Invitation envoyée à %{smart_count} adresses.',
        invitationsSent: 'Une invitation envoyée. |||| %{smart_count} invitations envoyées.',
        invitationsPostponed:
          'Une adresse a déjà reçu trois e-mails de l’espace exposant aujourd’hui : renvoyez demain pour elle. |||| %{smart_count} adresses ont déjà reçu trois e-mails de l’espace exposant aujourd’hui : renvoyez demain pour elles.',
      },
    },
  },
  en: {
    timeOfDay: 'A time, from 00:00 to 23:59.',
    hoursNotShowDays: 'The hours name each day of the edition, and those only: reload the page.',
    resources: {
      editions: {
        name: 'Edition |||| Editions',
        fields: {
          edition: 'Edition no.',
          name: 'Name',
          year: 'Year',
          startsOn: 'Start',
          endsOn: 'End',
          city: 'City',
          theme: 'Theme',
          themeEn: 'Theme in English',
          registrationOpensAt: 'Registration opens',
          registrationClosesAt: 'Registration closes',
          exhibitors: 'Exhibitors',
          visitors: 'Visitors',
          current: 'Current',
          q: 'Search',
        },
      },
    },
    admin: {
      editions: {
        currentHint:
          'The current edition: the site, the badges and the e-mails print its number, dates, city and theme, and follow their changes at once. It cannot be deleted.',
        current: 'Current',
        dates: 'Dates',
        datesHint: 'Empty for a past edition known by its year only.',
        yearHint: 'Empty: the start’s year.',
        makeCurrent: 'Make current',
        makeCurrentConfirm:
          '“%{name}” becomes the current edition: the public site, registrations, the exhibitor area, badges and gate checks follow it from now on. Badges of the edition current until now will be refused at the gates.',
        madeCurrent: '“%{name}” is the current edition.',
        themeEnHint: 'Empty: the French theme, on the English pages too.',
        currentDatesHint: 'Opening hours follow the dates: each day keeps those of its place in the show.',
        hours: 'Opening hours',
        opens: 'Opening',
        closes: 'Closing',
        noHours: 'Opening hours follow the dates: once the dates are saved, each show day has its own, to be set here.',
        hoursFollowDates:
          'The dates change: on saving, the hours follow the new dates (each day keeps those of its place in the show). Then set them day by day.',
        opensHint: 'Visitor registration, exhibitor requests and the kiosk. Empty: from now on.',
        closesHint: 'Empty: at the end of the show’s last day. The home page then says the show is over.',
        prepareNext: 'Prepare the next edition',
        preview: 'Preview the site',
        prepareNextTitle: 'Prepare the %{en} edition',
        prepareNextIntro:
          'Its number follows this one and its year is its start’s. Its opening hours follow its dates; the forum programme starts empty; no registration, badge or scan is copied. Sectors, partners, banners and page texts belong to the site: they stay as they are.',
        carryHalls: 'Carry over the halls, their plan and their stands',
        prepare: 'Prepare',
        prepared: '“%{name}” is prepared: make it current when the time comes.',
        inviteExhibitors: 'Invite the exhibitors of %{year}',
        inviteExhibitorsPlan:
          'One exhibitor confirmed in %{year} will receive an e-mail to confirm its participation in the current edition, its details already filled in. You then confirm its participation in “Exhibitors”. |||| %{smart_count} exhibitors confirmed in %{year} will receive an e-mail to confirm their participation in the current edition, their details already filled in. You then confirm their participation in “Exhibitors”.',
        inviteExhibitorsNone: 'No exhibitor confirmed in %{year} is left to invite to the current edition.',
        inviteExhibitorsDone:
          'One exhibitor of this edition has already been invited. |||| %{smart_count} exhibitors of this edition have already been invited.',
        send: 'Send',
        figuresHint:
          'The published figures (the current edition: targets). Empty: once the edition is over, its registrations’.',
        currentEdition: 'Current edition',
        allEditions: 'All editions',
        editionHint: 'Empty: the current edition. Once saved, it stays in its edition.',
        dashboardEdition: 'Edition',
        announce: 'Invite the newsletter subscribers',
        announcePlan:
          'The invitation to this edition will go to the confirmed newsletter address, once. |||| The invitation to this edition will go to the %{smart_count} confirmed newsletter addresses, once; addresses never confirmed and those that unsubscribed receive nothing.',
        outdated: 'These records of the site still name %{year}: correct them for the new edition.',
        outdatedRecord: '%{kind}: “%{text}”',
        announceNone:
          'No address has confirmed its newsletter subscription yet: the invitation has no one to go to for now.',
        announceSent: 'The invitation to this edition left on %{date}: it is sent once only.',
        announced: 'Invitation sent to one address. |||| Invitation sent to %{smart_count} addresses.',
        invitationsSent: 'One invitation sent. |||| %{smart_count} invitations sent.',
        invitationsPostponed:
          'One address has already received three exhibitor-area e-mails today: send again tomorrow for it. |||| %{smart_count} addresses have already received three exhibitor-area e-mails today: send again tomorrow for them.',
      },
    },
  },
};
