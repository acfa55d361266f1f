import BusinessIcon from '@mui/icons-material/Business';
import DomainIcon from '@mui/icons-material/Domain';
import FormatQuoteIcon from '@mui/icons-material/FormatQuote';
import HandshakeIcon from '@mui/icons-material/Handshake';
import MicIcon from '@mui/icons-material/Mic';
import NewspaperIcon from '@mui/icons-material/Newspaper';
import PhotoLibraryIcon from '@mui/icons-material/PhotoLibrary';
import StorefrontIcon from '@mui/icons-material/Storefront';
import ViewCarouselIcon from '@mui/icons-material/ViewCarousel';
import {
  BooleanInput,
  Create,
  DataTable,
  DateInput,
  Edit,
  List,
  NullableBooleanInput,
  NumberInput,
  Resource,
  SaveButton,
  SearchInput,
  SelectInput,
  SimpleForm,
  TextInput,
  Toolbar,
  email,
  maxLength,
  required,
  useTranslate,
} from 'react-admin';
import type { JSX } from 'react';
import { MediaInput, type AdminMedia } from '../../components/media-input';
import { DateTimeField } from '../../components/date-time-field';
import type { AdminMessages } from '../../i18n';
import {
  HHMM,
  MoveButtons,
  RequiredMediaInput,
  WEBSITE,
  dayText,
  linkRules,
  matches,
  positionRules,
  requireFiles,
  thumbnail,
} from './fields';

/**
 * The content of the public pages: banners, partners, press partners, gallery, testimonials, the
 * forum conferences, the halls, and the two single records (the show, the agency). Every change
 * shows on the site at once (the public routes and page loaders keep nothing).
 */

type Media = AdminMedia | null;
const search = <SearchInput source="q" alwaysOn key="q" />;

// ---- Banners ----------------------------------------------------------------------------------------

const PLACEMENTS = [
  { id: 'Haut', name: 'admin.content.placements.Haut' },
  { id: 'Bas', name: 'admin.content.placements.Bas' },
];

function BannerList() {
  return (
    <List
      filters={[
        search,
        <SelectInput key="emplacement" source="emplacement" choices={PLACEMENTS} alwaysOn />,
        <NullableBooleanInput key="actif" source="actif" alwaysOn />,
      ]}
    >
      <DataTable>
        <DataTable.Col
          source="fichierDesktop"
          disableSort
          render={(r: { fichierDesktop: Media }) => thumbnail(r.fichierDesktop)}
        />
        <DataTable.Col
          source="fichierMobile"
          disableSort
          render={(r: { fichierMobile: Media }) => thumbnail(r.fichierMobile)}
        />
        <DataTable.Col source="emplacement" />
        <DataTable.Col source="actif" render={(r: { actif: boolean }) => (r.actif ? '✓' : '—')} />
        <DataTable.Col source="lien" disableSort />
        <DataTable.Col source="createdAt">
          <DateTimeField source="createdAt" />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}

function BannerForm() {
  return (
    <SimpleForm validate={requireFiles('fichierDesktopId')}>
      <SelectInput source="emplacement" choices={PLACEMENTS} validate={required()} defaultValue="Haut" />
      <BooleanInput source="actif" defaultValue />
      <TextInput source="lien" validate={linkRules} helperText="admin.content.linkHint" fullWidth />
      <RequiredMediaInput source="fichierDesktopId" label="resources.bannieres.fields.fichierDesktopId" />
      <MediaInput source="fichierMobileId" label="resources.bannieres.fields.fichierMobileId" />
    </SimpleForm>
  );
}

// ---- Partners and press partners -----------------------------------------------------------------------

function PartnerList() {
  return (
    <List
      sort={{ field: 'position', order: 'ASC' }}
      filters={[search, <NullableBooleanInput key="actif" source="actif" alwaysOn />]}
    >
      <DataTable>
        <DataTable.NumberCol source="position" />
        <DataTable.Col source="logo" disableSort render={(r: { logo: Media }) => thumbnail(r.logo)} />
        <DataTable.Col source="name" />
        <DataTable.Col source="url" disableSort />
        <DataTable.Col source="actif" render={(r: { actif: boolean }) => (r.actif ? '✓' : '—')} />
        <DataTable.Col label="admin.content.order" disableSort>
          <MoveButtons />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}

function PartnerForm() {
  return (
    <SimpleForm>
      <TextInput source="name" validate={[required(), maxLength(200)]} fullWidth />
      <TextInput source="url" validate={linkRules} fullWidth />
      <BooleanInput source="actif" defaultValue />
      <NumberInput source="position" validate={positionRules} helperText="admin.content.positionHint" />
      <MediaInput source="logoId" label="resources.partenaires.fields.logoId" />
    </SimpleForm>
  );
}

// ---- Gallery --------------------------------------------------------------------------------------------

function GalleryList() {
  return (
    <List sort={{ field: 'position', order: 'ASC' }} filters={[search]}>
      <DataTable>
        <DataTable.NumberCol source="position" />
        <DataTable.Col source="image" disableSort render={(r: { image: Media }) => thumbnail(r.image)} />
        <DataTable.Col source="captionFr" disableSort />
        <DataTable.Col source="captionEn" disableSort />
      </DataTable>
    </List>
  );
}

function GalleryForm() {
  return (
    <SimpleForm validate={requireFiles('imageId')}>
      <RequiredMediaInput source="imageId" label="resources.galeries.fields.imageId" />
      <TextInput source="captionFr" validate={maxLength(300)} fullWidth />
      <TextInput source="captionEn" validate={maxLength(300)} fullWidth />
      <NumberInput source="position" validate={positionRules} helperText="admin.content.positionHint" />
    </SimpleForm>
  );
}

// ---- Testimonials ----------------------------------------------------------------------------------------

function TestimonialList() {
  return (
    <List sort={{ field: 'position', order: 'ASC' }} filters={[search]}>
      <DataTable>
        <DataTable.NumberCol source="position" />
        <DataTable.Col source="photo" disableSort render={(r: { photo: Media }) => thumbnail(r.photo)} />
        <DataTable.Col source="author" />
        <DataTable.Col source="roleFr" disableSort />
        <DataTable.Col
          source="quoteFr"
          disableSort
          render={(r: { quoteFr: string }) => (r.quoteFr.length > 90 ? `${r.quoteFr.slice(0, 90)}…` : r.quoteFr)}
        />
      </DataTable>
    </List>
  );
}

function TestimonialForm() {
  return (
    <SimpleForm>
      <TextInput source="author" validate={[required(), maxLength(200)]} fullWidth />
      <TextInput source="roleFr" validate={maxLength(200)} fullWidth />
      <TextInput source="roleEn" validate={maxLength(200)} fullWidth />
      <TextInput source="quoteFr" validate={[required(), maxLength(2000)]} multiline minRows={3} fullWidth />
      <TextInput source="quoteEn" validate={[required(), maxLength(2000)]} multiline minRows={3} fullWidth />
      <MediaInput source="photoId" label="resources.temoignages.fields.photoId" />
      <NumberInput source="position" validate={positionRules} helperText="admin.content.positionHint" />
    </SimpleForm>
  );
}

// ---- Forum conferences --------------------------------------------------------------------------------

const KINDS = [
  { id: 'conference', name: 'admin.content.kinds.conference' },
  { id: 'academy', name: 'admin.content.kinds.academy' },
  { id: 'sponsor', name: 'admin.content.kinds.sponsor' },
];

function ConferenceList() {
  return (
    <List
      sort={{ field: 'day', order: 'ASC' }}
      filters={[
        search,
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
        <DataTable.Col source="titleFr" />
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

function ConferenceForm() {
  return (
    <SimpleForm validate={conferenceRules}>
      <TextInput source="number" validate={[required(), maxLength(20)]} />
      <SelectInput source="kind" choices={KINDS} validate={required()} defaultValue="conference" />
      <TextInput source="titleFr" validate={[required(), maxLength(300)]} fullWidth />
      <TextInput source="titleEn" validate={[required(), maxLength(300)]} fullWidth />
      <TextInput source="themeFr" validate={maxLength(200)} fullWidth />
      <TextInput source="themeEn" validate={maxLength(200)} fullWidth />
      <DateInput source="day" validate={required()} helperText="admin.content.dayHint" />
      <TextInput source="startsAt" type="time" validate={timeRules} />
      <TextInput source="endsAt" type="time" validate={timeRules} />
      <TextInput
        source="descriptionFr"
        validate={maxLength(5000)}
        multiline
        minRows={4}
        fullWidth
        helperText="admin.content.speakersHint"
      />
      <TextInput
        source="descriptionEn"
        validate={maxLength(5000)}
        multiline
        minRows={4}
        fullWidth
        helperText="admin.content.speakersHint"
      />
    </SimpleForm>
  );
}

// ---- Halls ---------------------------------------------------------------------------------------------

function HallList() {
  return (
    <List sort={{ field: 'position', order: 'ASC' }} filters={[search]}>
      <DataTable>
        <DataTable.NumberCol source="position" />
        <DataTable.Col source="name" />
        <DataTable.NumberCol source="exhibitors" disableSort />
      </DataTable>
    </List>
  );
}

function HallForm() {
  return (
    <SimpleForm>
      <TextInput source="name" validate={[required(), maxLength(100)]} />
      <NumberInput source="position" validate={positionRules} helperText="admin.content.positionHint" />
    </SimpleForm>
  );
}

// ---- The show and the agency: one record each, edited from their menu entry ------------------------------

/** One record that always exists: saved, never deleted. */
const saveOnly = (
  <Toolbar>
    <SaveButton />
  </Toolbar>
);

function ShowRecordPage() {
  return (
    <Edit resource="sib" id={1} redirect={false} mutationMode="pessimistic" title="admin.content.sibTitle">
      <SimpleForm toolbar={saveOnly}>
        <MediaInput source="logoSponsorOfficielId" label="resources.sib.fields.logoSponsorOfficielId" />
        <MediaInput source="logoPaysInviteHonneurId" label="resources.sib.fields.logoPaysInviteHonneurId" />
        <MediaInput source="mediaFullBackgroundId" label="resources.sib.fields.mediaFullBackgroundId" />
        <MediaInput source="planPdfId" label="resources.sib.fields.planPdfId" kind="pdf" />
        <MediaInput source="programmePdfId" label="resources.sib.fields.programmePdfId" kind="pdf" />
        <MediaInput source="cataloguePdfId" label="resources.sib.fields.cataloguePdfId" kind="pdf" />
      </SimpleForm>
    </Edit>
  );
}

function AgencyPage() {
  return (
    <Edit resource="agence" id={1} redirect={false} mutationMode="pessimistic" title="admin.content.agenceTitle">
      <SimpleForm toolbar={saveOnly}>
        <TextInput source="name" validate={[required(), maxLength(200)]} fullWidth />
        <TextInput source="email" validate={[maxLength(320), email()]} fullWidth />
        <TextInput
          source="website"
          validate={[maxLength(500), matches(WEBSITE, 'admin.content.errors.website')]}
          fullWidth
        />
        <MediaInput source="logoId" label="resources.agence.fields.logoId" />
        <MediaInput source="logoFooterId" label="resources.agence.fields.logoFooterId" />
        <MediaInput source="imageId" label="resources.agence.fields.imageId" />
      </SimpleForm>
    </Edit>
  );
}

// ---- The part --------------------------------------------------------------------------------------------

const create = (Form: () => JSX.Element) => {
  const CreatePage = () => (
    <Create redirect="list">
      <Form />
    </Create>
  );
  return CreatePage;
};
const edit = (Form: () => JSX.Element) => {
  const EditPage = () => (
    <Edit redirect="list" mutationMode="pessimistic">
      <Form />
    </Edit>
  );
  return EditPage;
};

export const contentResources = (
  <>
    <Resource
      name="bannieres"
      icon={ViewCarouselIcon}
      list={BannerList}
      create={create(BannerForm)}
      edit={edit(BannerForm)}
    />
    <Resource
      name="partenaires"
      icon={HandshakeIcon}
      list={PartnerList}
      create={create(PartnerForm)}
      edit={edit(PartnerForm)}
    />
    <Resource
      name="partenaires-presses"
      icon={NewspaperIcon}
      list={PartnerList}
      create={create(PartnerForm)}
      edit={edit(PartnerForm)}
    />
    <Resource
      name="galeries"
      icon={PhotoLibraryIcon}
      list={GalleryList}
      create={create(GalleryForm)}
      edit={edit(GalleryForm)}
    />
    <Resource
      name="temoignages"
      icon={FormatQuoteIcon}
      list={TestimonialList}
      create={create(TestimonialForm)}
      edit={edit(TestimonialForm)}
    />
    <Resource
      name="conferences"
      icon={MicIcon}
      list={ConferenceList}
      create={create(ConferenceForm)}
      edit={edit(ConferenceForm)}
    />
    <Resource name="gates" icon={DomainIcon} list={HallList} create={create(HallForm)} edit={edit(HallForm)} />
    {/* The single records open their form straight from the menu. */}
    <Resource name="sib" icon={StorefrontIcon} list={ShowRecordPage} />
    <Resource name="agence" icon={BusinessIcon} list={AgencyPage} />
  </>
);

const partnerFieldsFr = {
  name: 'Nom',
  url: 'Site web',
  actif: 'Actif',
  position: 'Position',
  logo: 'Logo',
  logoId: 'Logo',
  q: 'Rechercher',
};
const partnerFieldsEn = {
  name: 'Name',
  url: 'Website',
  actif: 'Active',
  position: 'Position',
  logo: 'Logo',
  logoId: 'Logo',
  q: 'Search',
};

export const contentMessages: AdminMessages = {
  fr: {
    resources: {
      bannieres: {
        name: 'Bannière |||| Bannières',
        fields: {
          fichierDesktop: 'Ordinateur',
          fichierMobile: 'Mobile',
          fichierDesktopId: 'Image pour ordinateur',
          fichierMobileId: 'Image pour mobile (sinon celle pour ordinateur)',
          emplacement: 'Emplacement',
          actif: 'Active',
          lien: 'Lien',
          createdAt: 'Créée le',
          q: 'Rechercher',
        },
      },
      partenaires: { name: 'Partenaire |||| Partenaires', fields: partnerFieldsFr },
      'partenaires-presses': { name: 'Partenaire presse |||| Partenaires presse', fields: partnerFieldsFr },
      galeries: {
        name: 'Photo |||| Galerie',
        fields: {
          position: 'Position',
          image: 'Image',
          imageId: 'Image',
          captionFr: 'Légende (français)',
          captionEn: 'Légende (anglais)',
          q: 'Rechercher',
        },
      },
      temoignages: {
        name: 'Témoignage |||| Témoignages',
        fields: {
          position: 'Position',
          photo: 'Photo',
          photoId: 'Photo',
          author: 'Auteur',
          roleFr: 'Fonction (français)',
          roleEn: 'Fonction (anglais)',
          quoteFr: 'Citation (français)',
          quoteEn: 'Citation (anglais)',
          q: 'Rechercher',
        },
      },
      conferences: {
        name: 'Conférence du forum |||| Conférences du forum',
        fields: {
          number: 'Numéro',
          kind: 'Type',
          titleFr: 'Titre (français)',
          titleEn: 'Titre (anglais)',
          themeFr: 'Thème (français)',
          themeEn: 'Thème (anglais)',
          descriptionFr: 'Description et intervenants (français)',
          descriptionEn: 'Description et intervenants (anglais)',
          day: 'Jour',
          startsAt: 'Début',
          endsAt: 'Fin',
          registrations: 'Inscrits',
          q: 'Rechercher',
        },
      },
      gates: {
        name: 'Hall |||| Halls',
        fields: { name: 'Nom', position: 'Position', exhibitors: 'Exposants', q: 'Rechercher' },
      },
      sib: {
        name: 'Salon',
        fields: {
          logoSponsorOfficielId: 'Logo du sponsor officiel',
          logoPaysInviteHonneurId: 'Logo du pays invité d’honneur',
          mediaFullBackgroundId: 'Image de fond de l’accueil',
          planPdfId: 'Plan du salon (PDF, remplace le plan généré)',
          programmePdfId: 'Programme du forum (PDF, remplace le programme généré)',
          cataloguePdfId: 'Catalogue des exposants (PDF, remplace le catalogue généré)',
        },
      },
      agence: {
        name: 'Agence',
        fields: {
          name: 'Nom',
          email: 'Adresse e-mail',
          website: 'Site web',
          logoId: 'Logo',
          logoFooterId: 'Logo du pied de page',
          imageId: 'Image',
        },
      },
    },
    admin: {
      content: {
        sibTitle: 'Fiche du salon',
        agenceTitle: 'Fiche de l’agence',
        order: 'Ordre',
        moveUp: 'Monter',
        moveDown: 'Descendre',
        positionHint: 'Vide : à la fin de la liste.',
        linkHint: 'https://… ou un chemin du site, par exemple /annuaire.',
        dayHint: 'Un des jours du salon.',
        speakersHint: 'Nommez les intervenants dans la description.',
        placements: { Haut: 'Haut', Bas: 'Bas' },
        kinds: { conference: 'Conférence', academy: 'Académie', sponsor: 'Session sponsor' },
        errors: {
          link: 'Adresse http(s)://… ou chemin du site commençant par /.',
          website: 'Adresse http(s)://… attendue.',
          time: 'Heure au format HH:MM.',
          endsBeforeStart: 'La fin doit suivre le début.',
        },
      },
    },
  },
  en: {
    resources: {
      bannieres: {
        name: 'Banner |||| Banners',
        fields: {
          fichierDesktop: 'Desktop',
          fichierMobile: 'Mobile',
          fichierDesktopId: 'Desktop image',
          fichierMobileId: 'Mobile image (else the desktop one)',
          emplacement: 'Placement',
          actif: 'Active',
          lien: 'Link',
          createdAt: 'Created',
          q: 'Search',
        },
      },
      partenaires: { name: 'Partner |||| Partners', fields: partnerFieldsEn },
      'partenaires-presses': { name: 'Press partner |||| Press partners', fields: partnerFieldsEn },
      galeries: {
        name: 'Photo |||| Gallery',
        fields: {
          position: 'Position',
          image: 'Image',
          imageId: 'Image',
          captionFr: 'Caption (French)',
          captionEn: 'Caption (English)',
          q: 'Search',
        },
      },
      temoignages: {
        name: 'Testimonial |||| Testimonials',
        fields: {
          position: 'Position',
          photo: 'Photo',
          photoId: 'Photo',
          author: 'Author',
          roleFr: 'Role (French)',
          roleEn: 'Role (English)',
          quoteFr: 'Quote (French)',
          quoteEn: 'Quote (English)',
          q: 'Search',
        },
      },
      conferences: {
        name: 'Forum conference |||| Forum conferences',
        fields: {
          number: 'Number',
          kind: 'Type',
          titleFr: 'Title (French)',
          titleEn: 'Title (English)',
          themeFr: 'Theme (French)',
          themeEn: 'Theme (English)',
          descriptionFr: 'Description and speakers (French)',
          descriptionEn: 'Description and speakers (English)',
          day: 'Day',
          startsAt: 'Start',
          endsAt: 'End',
          registrations: 'Sign-ups',
          q: 'Search',
        },
      },
      gates: {
        name: 'Hall |||| Halls',
        fields: { name: 'Name', position: 'Position', exhibitors: 'Exhibitors', q: 'Search' },
      },
      sib: {
        name: 'Show',
        fields: {
          logoSponsorOfficielId: 'Official sponsor logo',
          logoPaysInviteHonneurId: 'Guest-of-honour country logo',
          mediaFullBackgroundId: 'Home page background image',
          planPdfId: 'Floor plan (PDF, replaces the generated plan)',
          programmePdfId: 'Forum programme (PDF, replaces the generated programme)',
          cataloguePdfId: 'Exhibitor catalogue (PDF, replaces the generated catalogue)',
        },
      },
      agence: {
        name: 'Agency',
        fields: {
          name: 'Name',
          email: 'E-mail address',
          website: 'Website',
          logoId: 'Logo',
          logoFooterId: 'Footer logo',
          imageId: 'Image',
        },
      },
    },
    admin: {
      content: {
        sibTitle: 'Show record',
        agenceTitle: 'Agency record',
        order: 'Order',
        moveUp: 'Move up',
        moveDown: 'Move down',
        positionHint: 'Empty: at the end of the list.',
        linkHint: 'https://… or a path of the site, e.g. /annuaire.',
        dayHint: 'One of the show days.',
        speakersHint: 'Name the speakers in the description.',
        placements: { Haut: 'Top', Bas: 'Bottom' },
        kinds: { conference: 'Conference', academy: 'Academy', sponsor: 'Sponsor session' },
        errors: {
          link: 'An http(s)://… address or a path of the site starting with /.',
          website: 'An http(s)://… address is expected.',
          time: 'Time as HH:MM.',
          endsBeforeStart: 'The end must come after the start.',
        },
      },
    },
  },
};
