import SettingsIcon from '@mui/icons-material/Settings';
import { Alert, Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { BooleanInput, Edit, Resource, SimpleForm, TextInput, useTranslate } from 'react-admin';
import { CONTACT_KEYS, siteSettingsSchema } from '@salon/shared';
import { saveOnlyToolbar } from '../components/save-only-toolbar';
import type { AdminMessages } from '../i18n';
import { formResolver } from '../../app/lib/form-resolver';

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
        <Heading>{translate('admin.siteSettings.exhibitorPages')}</Heading>
        <BooleanInput source="moderateExhibitorPages" helperText="admin.siteSettings.moderationHint" />
      </SimpleForm>
    </Edit>
  );
}

// ---- The part ----------------------------------------------------------------------------------------

export const siteSettingsResources = (
  <>
    {/* One record, whose form opens straight from the menu. */}
    <Resource name="site-settings" icon={SettingsIcon} list={SiteSettingsPage} />
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
    notLatestEdition: 'Une édition plus récente existe : préparez l’édition suivante depuis la dernière.',
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
          moderateExhibitorPages: 'Modération des fiches exposants',
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
        exhibitorPages: 'Fiches exposants',
        moderationHint:
          'Activée : une modification d’un exposant attend votre validation (« Fiches exposants ») avant de paraître dans l’annuaire. Désactivée : elle paraît aussitôt ; celles qui attendaient déjà restent dans « Fiches exposants » jusqu’à ce que vous les publiiez.',
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
    notLatestEdition: 'A later edition exists: prepare the next edition from the latest one.',
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
          moderateExhibitorPages: 'Moderation of exhibitor pages',
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
        exhibitorPages: 'Exhibitor pages',
        moderationHint:
          'On: an exhibitor’s change waits for your review (“Exhibitor pages”) before it appears in the directory. Off: it appears at once; the changes already waiting stay in “Exhibitor pages” until you publish them.',
      },
    },
  },
};
