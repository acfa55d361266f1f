import HistoryIcon from '@mui/icons-material/History';
import SettingsIcon from '@mui/icons-material/Settings';
import { Alert, Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import {
  DataTable,
  DateInput,
  DateTimeInput,
  Edit,
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
import { CONTACT_KEYS, editionSchema, siteSettingsSchema, type Answer, type adminEditionSchema } from '@salon/shared';
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

type EditionRecord = Answer<typeof adminEditionSchema>;

/**
 * What the organiser publishes about the show: the venue, each team's public e-mail and phone,
 * the virtual tour (one record), and the editions of the history page. Checked with the same
 * zod schemas as the API (packages/shared/src/site-settings.ts); the public pages show a change
 * at once.
 */

function Heading({ children }: { children: ReactNode }) {
  return (
    <Typography variant="h6" component="h2" sx={{ mt: 2 }}>
      {children}
    </Typography>
  );
}

// ---- The settings ----------------------------------------------------------------------------------

const settingsResolver = formResolver(siteSettingsSchema);

function SiteSettingsPage() {
  const translate = useTranslate();
  return (
    <Edit resource="site-settings" id={1} redirect={false} mutationMode="pessimistic" title="admin.siteSettings.title">
      {/* Without the room react-admin leaves on phones for a pinned toolbar: this one is not pinned. */}
      <SimpleForm toolbar={saveOnlyToolbar} resolver={settingsResolver} sx={{ '&&': { pb: 2 } }}>
        <Alert severity="info">{translate('admin.siteSettings.intro')}</Alert>
        <Heading>{translate('admin.siteSettings.venue')}</Heading>
        <TextInput source="venueName" fullWidth />
        <TextInput source="venueAddress" multiline minRows={3} fullWidth helperText="admin.siteSettings.addressHint" />
        <TextInput source="mapUrl" fullWidth helperText="admin.siteSettings.mapHint" />
        <Heading>{translate('admin.siteSettings.contacts')}</Heading>
        {CONTACT_KEYS.map((key) => (
          <Box key={key} sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2, width: '100%' }}>
            <TextInput source={`${key}Email`} sx={{ flex: '1 1 260px' }} />
            <TextInput source={`${key}Phone`} sx={{ flex: '1 1 200px' }} />
          </Box>
        ))}
        <Heading>{translate('admin.siteSettings.tour')}</Heading>
        <TextInput source="virtualTourUrl" fullWidth helperText="admin.siteSettings.tourHint" />
      </SimpleForm>
    </Edit>
  );
}

// ---- The editions ----------------------------------------------------------------------------------

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

/** The current edition keeps dates and a city (the site prints them everywhere) and cannot be deleted. */
function EditionForm() {
  const translate = useTranslate();
  const current = useRecordContext<EditionRecord>()?.current === true;
  return (
    <SimpleForm resolver={editionResolver} toolbar={current ? saveOnlyToolbar : undefined}>
      {current && <Alert severity="info">{translate('admin.editions.currentHint')}</Alert>}
      <NumberInput source="edition" />
      <TextInput source="name" fullWidth />
      <NumberInput source="year" helperText="admin.editions.yearHint" />
      <DateInput
        source="startsOn"
        helperText={current ? 'admin.editions.currentDatesHint' : 'admin.editions.datesHint'}
      />
      <DateInput source="endsOn" />
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
      loading={busy}
      content="admin.editions.makeCurrentConfirm"
      translateOptions={{ name: record.name }}
      contentTranslateOptions={{ name: record.name }}
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

export const siteSettingsResources = (
  <>
    {/* One record, whose form opens straight from the menu. */}
    <Resource name="site-settings" icon={SettingsIcon} list={SiteSettingsPage} />
    <Resource name="editions" icon={HistoryIcon} list={EditionList} create={EditionCreate} edit={EditionEdit} />
  </>
);

const contactFieldsFr = {
  generalEmail: 'Contact général : e-mail',
  generalPhone: 'Contact général : téléphone',
  exhibitorsEmail: 'Exposants : e-mail',
  exhibitorsPhone: 'Exposants : téléphone',
  salesEmail: 'Commercial et sponsoring : e-mail',
  salesPhone: 'Commercial et sponsoring : téléphone',
  pressEmail: 'Presse : e-mail',
  pressPhone: 'Presse : téléphone',
  speakersEmail: 'Intervenants du forum : e-mail',
  speakersPhone: 'Intervenants du forum : téléphone',
};
const contactFieldsEn = {
  generalEmail: 'General enquiries: e-mail',
  generalPhone: 'General enquiries: phone',
  exhibitorsEmail: 'Exhibitors: e-mail',
  exhibitorsPhone: 'Exhibitors: phone',
  salesEmail: 'Sales and sponsorship: e-mail',
  salesPhone: 'Sales and sponsorship: phone',
  pressEmail: 'Press: e-mail',
  pressPhone: 'Press: phone',
  speakersEmail: 'Forum speakers: e-mail',
  speakersPhone: 'Forum speakers: phone',
};

export const siteSettingsMessages: AdminMessages = {
  fr: {
    // The schemas' message keys (packages/shared/src/site-settings.ts).
    text: 'Texte attendu.',
    tooLong: 'Texte trop long.',
    phoneFormat: 'Numéro de téléphone : chiffres, espaces et + ( ) . - seulement, de 6 à 20 chiffres.',
    webUrl: 'Adresse http(s)://… attendue.',
    httpsUrl: 'Adresse https://… attendue.',
    isoDay: 'Date attendue.',
    count: 'Un nombre entier, 0 ou plus.',
    editionNumber: 'Un numéro d’édition de 1 à 99.',
    editionTaken: 'Une autre édition porte déjà ce numéro.',
    yearTaken:
      'Une autre édition a lieu cette année-là : une seule par année (ses pages /plan-<année> et /programme-<année>).',
    endsBeforeStart: 'La fin ne peut pas précéder le début.',
    editionTooLong: 'Une édition dure un mois au plus.',
    closesBeforeOpening: 'La clôture vient après l’ouverture.',
    isoMoment: 'Une date et une heure.',
    year: 'Une année de 1990 à 2200.',
    bothDates: 'Le début et la fin, ou aucune des deux dates.',
    dateOutsideYear: 'Le début tombe dans l’année de l’édition.',
    editionNotDated: 'Cette édition n’a pas encore ses dates et sa ville : ajoutez-les avant de la rendre courante.',
    resources: {
      'site-settings': {
        name: 'Lieu, contacts et visite',
        fields: {
          venueName: 'Nom du lieu',
          venueAddress: 'Adresse',
          mapUrl: 'Lien vers la carte',
          ...contactFieldsFr,
          virtualTourUrl: 'Adresse de la visite virtuelle 3D',
        },
      },
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
      siteSettings: {
        title: 'Lieu, contacts et visite virtuelle',
        intro: 'Ce que le site publie : un champ vide n’est pas affiché (la ville reste celle de l’édition en cours).',
        venue: 'Le lieu',
        contacts: 'Contacts publics',
        tour: 'Visite virtuelle',
        addressHint: 'Une ligne par ligne d’adresse.',
        mapHint: 'Vide : une carte Google de l’adresse. La page « Contact » montre toujours la carte de l’adresse.',
        tourHint: 'Adresse https:// de la visite (Matterport, Kuula…), montrée sur l’accueil. Vide : pas de visite.',
      },
      editions: {
        currentHint:
          'L’édition en cours : le site, les badges et les e-mails affichent son numéro, ses dates, sa ville et son thème, et suivent aussitôt leurs changements. Elle ne peut pas être supprimée.',
        current: 'En cours',
        datesHint: 'Vide pour une édition passée dont seule l’année est connue.',
        yearHint: 'Vide : l’année du début.',
        makeCurrent: 'Rendre courante',
        makeCurrentConfirm:
          '« %{name} » devient l’édition en cours : le site public, les inscriptions, l’espace exposant, les badges et les contrôles d’accès la suivent dès maintenant. Les badges de l’édition en cours jusqu’ici seront refusés aux portes.',
        madeCurrent: '« %{name} » est l’édition en cours.',
        themeEnHint: 'Vide : le thème en français, sur les pages en anglais aussi.',
        currentDatesHint:
          'Les horaires d’ouverture suivent les dates : chaque jour garde ceux de sa place dans le salon.',
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
        announceSent: 'L’invitation à cette édition est partie le %{date} : elle ne part qu’une fois.',
        announced: 'Invitation envoyée à une adresse. |||| Invitation envoyée à %{smart_count} adresses.',
        invitationsSent: 'Une invitation envoyée. |||| %{smart_count} invitations envoyées.',
        invitationsPostponed:
          'Une adresse a déjà reçu trois e-mails de l’espace exposant aujourd’hui : renvoyez demain pour elle. |||| %{smart_count} adresses ont déjà reçu trois e-mails de l’espace exposant aujourd’hui : renvoyez demain pour elles.',
      },
    },
  },
  en: {
    text: 'Text expected.',
    tooLong: 'Text too long.',
    phoneFormat: 'Phone number: digits, spaces and + ( ) . - only, 6 to 20 digits.',
    webUrl: 'An http(s)://… address is expected.',
    httpsUrl: 'An https://… address is expected.',
    isoDay: 'A date is expected.',
    count: 'A whole number, 0 or more.',
    editionNumber: 'An edition number from 1 to 99.',
    editionTaken: 'Another edition already has this number.',
    yearTaken: 'Another edition takes place that year: one per year (its pages /plan-<year> and /programme-<year>).',
    endsBeforeStart: 'The end cannot come before the start.',
    editionTooLong: 'An edition lasts a month at most.',
    closesBeforeOpening: 'Closing comes after opening.',
    isoMoment: 'A date and a time.',
    year: 'A year from 1990 to 2200.',
    bothDates: 'Both the start and the end, or neither date.',
    dateOutsideYear: 'The start falls in the edition’s year.',
    editionNotDated: 'This edition has no dates and city yet: add them before making it current.',
    resources: {
      'site-settings': {
        name: 'Venue, contacts and tour',
        fields: {
          venueName: 'Venue name',
          venueAddress: 'Address',
          mapUrl: 'Map link',
          ...contactFieldsEn,
          virtualTourUrl: '3D virtual tour address',
        },
      },
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
      siteSettings: {
        title: 'Venue, contacts and virtual tour',
        intro: 'What the site publishes: an empty field is not shown (the city stays the current edition’s).',
        venue: 'The venue',
        contacts: 'Public contacts',
        tour: 'Virtual tour',
        addressHint: 'One line per address line.',
        mapHint: 'Empty: a Google map of the address. The Contact page always shows the map of the address.',
        tourHint: 'The tour’s https:// address (Matterport, Kuula…), shown on the home page. Empty: no tour.',
      },
      editions: {
        currentHint:
          'The current edition: the site, the badges and the e-mails print its number, dates, city and theme, and follow their changes at once. It cannot be deleted.',
        current: 'Current',
        datesHint: 'Empty for a past edition known by its year only.',
        yearHint: 'Empty: the start’s year.',
        makeCurrent: 'Make current',
        makeCurrentConfirm:
          '“%{name}” becomes the current edition: the public site, registrations, the exhibitor area, badges and gate checks follow it from now on. Badges of the edition current until now will be refused at the gates.',
        madeCurrent: '“%{name}” is the current edition.',
        themeEnHint: 'Empty: the French theme, on the English pages too.',
        currentDatesHint: 'Opening hours follow the dates: each day keeps those of its place in the show.',
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
        announceSent: 'The invitation to this edition left on %{date}: it is sent once only.',
        announced: 'Invitation sent to one address. |||| Invitation sent to %{smart_count} addresses.',
        invitationsSent: 'One invitation sent. |||| %{smart_count} invitations sent.',
        invitationsPostponed:
          'One address has already received three exhibitor-area e-mails today: send again tomorrow for it. |||| %{smart_count} addresses have already received three exhibitor-area e-mails today: send again tomorrow for them.',
      },
    },
  },
};
