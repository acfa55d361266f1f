import { zodResolver } from '@hookform/resolvers/zod';
import InboxIcon from '@mui/icons-material/Inbox';
import StoreIcon from '@mui/icons-material/Store';
import { Stack, Typography } from '@mui/material';
import { useState } from 'react';
import {
  ArrayField,
  Resource,
  Button,
  Confirm,
  Create,
  CreateButton,
  DataTable,
  Edit,
  Labeled,
  List,
  ReferenceInput,
  SearchInput,
  SelectInput,
  SimpleForm,
  SimpleList,
  TextField,
  TextInput,
  TopToolbar,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { ENQUIRY_STATUSES, SECTOR_CHOICES, enquiryFollowUpSchema, exhibitorAccountSchema } from '@salon/shared';
import { useSmall } from '../../components/use-small';
import { DateTimeField } from '../../components/date-time-field';
import { StateChip } from '../../components/state-chip';
import { MediaInput, type AdminMedia } from '../../components/media-input';
import { adminFetch } from '../../http';
import type { AdminMessages } from '../../i18n';

/**
 * Exhibitor enquiries and exhibitors: an enquiry is followed up, then converted into an exhibitor
 * whose form is filled from it; the exhibitor gets a hall, a stand and a logo, and 'Confirmer'
 * lists it in the directory and mails its access link.
 */

const STATUS_COLOURS = {
  nouveau: 'info',
  contacte: 'warning',
  converti: 'success',
  refuse: 'default',
  pending: 'warning',
  confirmed: 'success',
  deactivated: 'default',
} as const;

const StatusChip = (props: { label?: string }) => (
  <StateChip source="status" colours={STATUS_COLOURS} messages="admin.exhibitors.status" {...props} />
);

/** What the enquirer wrote on the home page's form, shown above the follow-up. */
const ENQUIRY_DETAILS = ['societe', 'nom', 'email', 'telephone', 'secteurActivite'] as const;

const enquiryStatusChoices = ENQUIRY_STATUSES.map((id) => ({ id, name: `admin.exhibitors.status.${id}` }));
const exhibitorStatusChoices = (['pending', 'confirmed', 'deactivated'] as const).map((id) => ({
  id,
  name: `admin.exhibitors.status.${id}`,
}));
const sectorChoices = SECTOR_CHOICES.map((s) => ({ id: s, name: s }));

/** Phones get a one-line-per-record list instead of a wide table. */

// ---- Enquiries ----------------------------------------------------------------------------------

function EnquiryList() {
  const small = useSmall();
  return (
    <List
      sort={{ field: 'createdAt', order: 'DESC' }}
      filters={[
        <SearchInput key="q" source="q" alwaysOn />,
        <SelectInput key="status" source="status" choices={enquiryStatusChoices} alwaysOn />,
      ]}
      exporter={false}
    >
      {small ? (
        <SimpleList<{ id: number; societe: string | null; nom: string; telephone: string; status: string }>
          primaryText={(r) => r.societe || r.nom}
          secondaryText={(r) => `${r.nom} · ${r.telephone}`}
          tertiaryText={<StatusChip />}
          linkType="edit"
        />
      ) : (
        <DataTable rowClick="edit" bulkActionButtons={false}>
          <DataTable.Col source="createdAt" field={DateTimeField} />
          <DataTable.Col source="societe" disableSort />
          <DataTable.Col source="nom" disableSort />
          <DataTable.Col source="email" disableSort />
          <DataTable.Col source="telephone" disableSort />
          <DataTable.Col source="secteurActivite" disableSort />
          <DataTable.Col source="status">
            <StatusChip />
          </DataTable.Col>
        </DataTable>
      )}
    </List>
  );
}

/** Opens the exhibitor form filled from the enquiry; saving it marks the enquiry 'converti'. */
function ConvertButton() {
  const record = useRecordContext<{
    id: number;
    societe: string | null;
    nom: string;
    email: string;
    telephone: string;
    secteurActivite: string;
    exhibitorId: number | null;
  }>();
  if (!record || record.exhibitorId) return null;
  const sector = (SECTOR_CHOICES as readonly string[]).includes(record.secteurActivite) ? record.secteurActivite : '';
  return (
    <CreateButton
      resource="exhibitors"
      label="admin.exhibitors.convert"
      state={{
        record: {
          company: record.societe ?? '',
          name: record.nom,
          email: record.email,
          phone: record.telephone,
          secteurActivite: sector,
          enquiryId: record.id,
        },
      }}
    />
  );
}

function EnquiryEdit() {
  return (
    <Edit
      actions={
        <TopToolbar>
          <ConvertButton />
        </TopToolbar>
      }
      mutationMode="pessimistic"
    >
      <SimpleForm resolver={zodResolver(enquiryFollowUpSchema) as never}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={3} sx={{ mb: 2 }}>
          {ENQUIRY_DETAILS.map((source) => (
            <Labeled key={source} source={source}>
              <TextField source={source} emptyText="—" />
            </Labeled>
          ))}
        </Stack>
        <Labeled source="message">
          <TextField source="message" emptyText="—" sx={{ whiteSpace: 'pre-wrap' }} />
        </Labeled>
        <SelectInput source="status" choices={enquiryStatusChoices} />
        <TextInput source="notes" multiline minRows={3} fullWidth />
      </SimpleForm>
    </Edit>
  );
}

// ---- Exhibitors ---------------------------------------------------------------------------------

function Logo() {
  const record = useRecordContext<{ logo: AdminMedia | null }>();
  return record?.logo ? (
    <img src={record.logo.url} alt="" style={{ width: 64, height: 40, objectFit: 'contain' }} />
  ) : null;
}

function ExhibitorList() {
  const small = useSmall();
  return (
    <List
      filters={[
        <SearchInput key="q" source="q" alwaysOn />,
        <SelectInput key="status" source="status" choices={exhibitorStatusChoices} alwaysOn />,
        <ReferenceInput key="gateId" source="gateId" reference="gates" sort={{ field: 'position', order: 'ASC' }}>
          <SelectInput optionText="name" />
        </ReferenceInput>,
        <SelectInput key="secteurActivite" source="secteurActivite" choices={sectorChoices} />,
      ]}
      exporter={false}
    >
      {small ? (
        <SimpleList<{ id: number; company: string; logo: AdminMedia | null; gate: string | null; booth: string | null }>
          primaryText={(r) => r.company}
          secondaryText={(r) => [r.gate, r.booth].filter(Boolean).join(' · ')}
          tertiaryText={<StatusChip />}
          leftAvatar={(r) => (r.logo ? <img src={r.logo.url} alt="" width={40} /> : null)}
          linkType="edit"
        />
      ) : (
        <DataTable rowClick="edit" bulkActionButtons={false}>
          <DataTable.Col source="logo" disableSort>
            <Logo />
          </DataTable.Col>
          <DataTable.Col source="company" />
          <DataTable.Col source="name" disableSort />
          <DataTable.Col source="email" disableSort />
          <DataTable.Col source="gate" disableSort />
          <DataTable.Col source="booth" />
          <DataTable.Col source="status" disableSort>
            <StatusChip />
          </DataTable.Col>
          <DataTable.NumberCol source="collaborators" disableSort />
          <DataTable.NumberCol source="scans" disableSort />
        </DataTable>
      )}
    </List>
  );
}

function ExhibitorFields() {
  return (
    <>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={{ xs: 0, md: 2 }} sx={{ width: '100%' }}>
        <TextInput source="company" fullWidth />
        <TextInput source="name" fullWidth />
      </Stack>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={{ xs: 0, md: 2 }} sx={{ width: '100%' }}>
        <TextInput source="email" type="email" fullWidth />
        <TextInput source="phone" type="tel" fullWidth />
      </Stack>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={{ xs: 0, md: 2 }} sx={{ width: '100%' }}>
        <SelectInput source="secteurActivite" choices={sectorChoices} emptyValue="" fullWidth />
        <TextInput source="pays" fullWidth />
      </Stack>
      <TextInput source="adresse" fullWidth />
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={{ xs: 0, md: 2 }} sx={{ width: '100%' }}>
        <ReferenceInput source="gateId" reference="gates" sort={{ field: 'position', order: 'ASC' }}>
          <SelectInput optionText="name" parse={(value: string) => (value === '' ? null : value)} fullWidth />
        </ReferenceInput>
        <TextInput source="booth" fullWidth />
      </Stack>
      <MediaInput source="logoId" label="resources.exhibitors.fields.logoId" />
    </>
  );
}

const exhibitorResolver = zodResolver(exhibitorAccountSchema) as never;

function ExhibitorCreate() {
  return (
    <Create redirect="edit" mutationMode="pessimistic">
      <SimpleForm resolver={exhibitorResolver}>
        <ExhibitorFields />
      </SimpleForm>
    </Create>
  );
}

type Action = 'confirm' | 'resend-access' | 'deactivate' | 'reactivate';

/** One of the exhibitor's actions, after a confirmation; the page shows the new state. */
function ActionButton({ action }: { action: Action }) {
  const record = useRecordContext<{ id: number; status: string; company: string }>();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const notify = useNotify();
  const refresh = useRefresh();
  if (!record) return null;
  const shown =
    action === 'confirm'
      ? record.status === 'pending'
      : action === 'reactivate'
        ? record.status === 'deactivated'
        : record.status !== 'deactivated';
  if (!shown) return null;
  async function run() {
    setBusy(true);
    try {
      await adminFetch(`exhibitors/${record!.id}/${action}`, { method: 'POST' });
      notify(`admin.exhibitors.done.${action}`, { type: 'success' });
      refresh();
    } catch (error) {
      notify((error as Error).message || 'admin.errors.generic', { type: 'error' });
    } finally {
      setBusy(false);
      setOpen(false);
    }
  }
  return (
    <>
      <Button label={`admin.exhibitors.actions.${action}`} onClick={() => setOpen(true)} disabled={busy} />
      <Confirm
        isOpen={open}
        loading={busy}
        title={`admin.exhibitors.actions.${action}`}
        content={`admin.exhibitors.confirm.${action}`}
        translateOptions={{ company: record.company }}
        onConfirm={() => void run()}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

function ExhibitorActions() {
  return (
    <TopToolbar>
      <ActionButton action="confirm" />
      <ActionButton action="resend-access" />
      <ActionButton action="deactivate" />
      <ActionButton action="reactivate" />
    </TopToolbar>
  );
}

function Collaborators() {
  const translate = useTranslate();
  return (
    <>
      <Typography variant="h6" sx={{ mt: 2 }}>
        {translate('admin.exhibitors.collaborators')}
      </Typography>
      <ArrayField source="collaboratorList">
        <DataTable
          bulkActionButtons={false}
          empty={<Typography>{translate('admin.exhibitors.noCollaborator')}</Typography>}
        >
          <DataTable.Col source="name" label="resources.exhibitors.fields.name" />
          <DataTable.Col source="jobPosition" label="admin.exhibitors.jobPosition" />
          <DataTable.Col source="email" label="resources.exhibitors.fields.email" />
          <DataTable.Col source="phone" label="resources.exhibitors.fields.phone" />
          <DataTable.NumberCol source="scans" label="resources.exhibitors.fields.scans" />
        </DataTable>
      </ArrayField>
    </>
  );
}

function ExhibitorStatusLine() {
  const translate = useTranslate();
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2 }}>
      <Typography variant="body2">{translate('resources.exhibitors.fields.status')} :</Typography>
      <StatusChip />
    </Stack>
  );
}

function ExhibitorEdit() {
  return (
    <Edit actions={<ExhibitorActions />} mutationMode="pessimistic">
      <SimpleForm resolver={exhibitorResolver}>
        <ExhibitorStatusLine />
        <ExhibitorFields />
        <Collaborators />
      </SimpleForm>
    </Edit>
  );
}

export const exhibitorAccountsResources = (
  <>
    <Resource name="enquiries" icon={InboxIcon} list={EnquiryList} edit={EnquiryEdit} />
    <Resource name="exhibitors" icon={StoreIcon} list={ExhibitorList} create={ExhibitorCreate} edit={ExhibitorEdit} />
  </>
);

const statusFr = {
  nouveau: 'Nouveau',
  contacte: 'Contacté',
  converti: 'Converti',
  refuse: 'Refusé',
  pending: 'À confirmer',
  confirmed: 'Confirmé',
  deactivated: 'Désactivé',
};
const statusEn = {
  nouveau: 'New',
  contacte: 'Contacted',
  converti: 'Converted',
  refuse: 'Declined',
  pending: 'To confirm',
  confirmed: 'Confirmed',
  deactivated: 'Deactivated',
};

export const exhibitorAccountsMessages: AdminMessages = {
  fr: {
    resources: {
      enquiries: {
        name: 'Demande |||| Demandes exposants',
        fields: {
          createdAt: 'Reçue le',
          societe: 'Société',
          nom: 'Nom',
          email: 'Email',
          telephone: 'Téléphone',
          secteurActivite: 'Secteur',
          message: 'Message',
          status: 'Statut',
          notes: 'Notes',
          q: 'Rechercher',
        },
      },
      exhibitors: {
        name: 'Exposant |||| Exposants',
        fields: {
          logo: 'Logo',
          logoId: 'Logo',
          company: 'Société',
          name: 'Contact',
          email: 'Email',
          phone: 'Téléphone',
          secteurActivite: "Secteur d'activité",
          pays: 'Pays',
          adresse: 'Adresse',
          gate: 'Hall',
          gateId: 'Hall',
          booth: 'Stand',
          status: 'Statut',
          collaborators: 'Collaborateurs',
          scans: 'Scans',
          q: 'Rechercher',
        },
      },
    },
    admin: {
      exhibitors: {
        status: statusFr,
        convert: 'Convertir en exposant',
        collaborators: 'Collaborateurs',
        noCollaborator: 'Aucun collaborateur.',
        jobPosition: 'Fonction',
        actions: {
          confirm: 'Confirmer',
          'resend-access': "Renvoyer l'accès",
          deactivate: 'Désactiver',
          reactivate: 'Réactiver',
        },
        confirm: {
          confirm: '%{company} apparaîtra dans l’annuaire et recevra son lien d’accès par e-mail.',
          'resend-access': '%{company} recevra un nouveau lien d’accès ; le précédent ne fonctionnera plus.',
          deactivate:
            '%{company} et ses collaborateurs ne pourront plus se connecter, leurs badges seront révoqués et l’exposant quittera l’annuaire. Leurs données sont conservées.',
          reactivate: '%{company} et ses collaborateurs retrouveront leur accès et leurs badges.',
        },
        done: {
          confirm: 'Exposant confirmé : le lien d’accès est envoyé.',
          'resend-access': 'Accès envoyé avec succès.',
          deactivate: 'Exposant désactivé.',
          reactivate: 'Exposant réactivé.',
        },
      },
    },
    unknownHall: 'Hall inconnu',
    unknownImage: 'Image introuvable',
    alreadyConverted: 'Demande déjà convertie en exposant',
  },
  en: {
    resources: {
      enquiries: {
        name: 'Enquiry |||| Exhibitor enquiries',
        fields: {
          createdAt: 'Received',
          societe: 'Company',
          nom: 'Name',
          email: 'E-mail',
          telephone: 'Phone',
          secteurActivite: 'Sector',
          message: 'Message',
          status: 'Status',
          notes: 'Notes',
          q: 'Search',
        },
      },
      exhibitors: {
        name: 'Exhibitor |||| Exhibitors',
        fields: {
          logo: 'Logo',
          logoId: 'Logo',
          company: 'Company',
          name: 'Contact',
          email: 'E-mail',
          phone: 'Phone',
          secteurActivite: 'Business sector',
          pays: 'Country',
          adresse: 'Address',
          gate: 'Hall',
          gateId: 'Hall',
          booth: 'Stand',
          status: 'Status',
          collaborators: 'Collaborators',
          scans: 'Scans',
          q: 'Search',
        },
      },
    },
    admin: {
      exhibitors: {
        status: statusEn,
        convert: 'Convert into an exhibitor',
        collaborators: 'Collaborators',
        noCollaborator: 'No collaborator.',
        jobPosition: 'Position',
        actions: {
          confirm: 'Confirm',
          'resend-access': 'Resend access',
          deactivate: 'Deactivate',
          reactivate: 'Reactivate',
        },
        confirm: {
          confirm: '%{company} will be listed in the directory and receive its access link by e-mail.',
          'resend-access': '%{company} will receive a new access link; the previous one will stop working.',
          deactivate:
            '%{company} and its collaborators will no longer sign in, their badges will be revoked and the exhibitor will leave the directory. Their data is kept.',
          reactivate: '%{company} and its collaborators will get their access and badges back.',
        },
        done: {
          confirm: 'Exhibitor confirmed: the access link is sent.',
          'resend-access': 'Access sent.',
          deactivate: 'Exhibitor deactivated.',
          reactivate: 'Exhibitor reactivated.',
        },
      },
    },
    unknownHall: 'Unknown hall',
    unknownImage: 'Image not found',
    alreadyConverted: 'Enquiry already converted into an exhibitor',
  },
};
