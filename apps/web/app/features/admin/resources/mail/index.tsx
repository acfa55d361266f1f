import DownloadIcon from '@mui/icons-material/Download';
import MailIcon from '@mui/icons-material/Mail';
import MarkEmailReadIcon from '@mui/icons-material/MarkEmailRead';
import ReplayIcon from '@mui/icons-material/Replay';
import { Alert, Box, Stack, Tab, Tabs, Typography, type ChipProps } from '@mui/material';
import { useState } from 'react';
import {
  Button,
  DataTable,
  Labeled,
  List,
  ListButton,
  NumberField,
  Resource,
  SearchInput,
  SelectInput,
  Show,
  SimpleList,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  useLocaleState,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { formatDateTime } from '@salon/shared';
import { useSmall } from '../../components/use-small';
import { DateTimeField } from '../../components/date-time-field';
import { StateChip } from '../../components/state-chip';
import { ListExportButton } from '../../components/list-export-button';
import { adminDownload, adminFetch } from '../../http';
import type { AdminMessages } from '../../i18n';

/**
 * The mail outbox (state, attempts, last error; 'Réessayer'; each mail as it was sent, as an
 * .eml file) and the newsletter subscribers with their export.
 */

const MAIL_STATUSES = ['pending', 'sending', 'sent', 'failed'] as const;
type MailStatus = (typeof MAIL_STATUSES)[number];
const NEWSLETTER_STATES = ['waiting', 'confirmed', 'unsubscribed'] as const;
type NewsletterState = (typeof NEWSLETTER_STATES)[number];

interface MailRow {
  id: number;
  to: string;
  subject: string;
  status: MailStatus;
  attempts: number;
  lastError: string | null;
  nextAttemptAt: string;
  sentAt: string | null;
  createdAt: string;
  text?: string;
  html?: string | null;
  /** The mail carries a set-password link, made when it left and never kept: shown redacted. */
  linkRedacted?: boolean;
}

const MAIL_COLOURS: Record<MailStatus, ChipProps['color']> = {
  pending: 'info',
  sending: 'warning',
  sent: 'success',
  failed: 'error',
};
const STATE_COLOURS: Record<NewsletterState, ChipProps['color']> = {
  waiting: 'warning',
  confirmed: 'success',
  unsubscribed: 'default',
};

const MailStatusChip = (props: { label?: string }) => (
  <StateChip source="status" colours={MAIL_COLOURS} messages="admin.mail.status" {...props} />
);
const NewsletterStateChip = (props: { label?: string }) => (
  <StateChip source="state" colours={STATE_COLOURS} messages="admin.mail.state" {...props} />
);

const mailStatusChoices = MAIL_STATUSES.map((id) => ({ id, name: `admin.mail.status.${id}` }));
const stateChoices = NEWSLETTER_STATES.map((id) => ({ id, name: `admin.mail.state.${id}` }));

/** A long error on one line, cut short in the list (the mail's page shows it whole). */
function ErrorText(_props: { label?: string }) {
  const record = useRecordContext<MailRow>();
  if (!record?.lastError) return null;
  return (
    <Typography
      variant="body2"
      title={record.lastError}
      sx={{ maxWidth: 280, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
    >
      {record.lastError}
    </Typography>
  );
}

// ---- Mails --------------------------------------------------------------------------------------

function MailList() {
  const small = useSmall();
  return (
    <List
      sort={{ field: 'createdAt', order: 'DESC' }}
      filters={[
        <SearchInput key="q" source="q" alwaysOn />,
        <SelectInput key="status" source="status" choices={mailStatusChoices} alwaysOn />,
      ]}
      exporter={false}
    >
      {small ? (
        <SimpleList<MailRow>
          primaryText={(r) => r.subject}
          secondaryText={(r) => `${r.to} · ${formatDateTime(r.createdAt)}`}
          tertiaryText={<MailStatusChip />}
          linkType="show"
        />
      ) : (
        <DataTable rowClick="show" bulkActionButtons={false}>
          <DataTable.Col source="createdAt" field={DateTimeField} />
          <DataTable.Col source="to" />
          <DataTable.Col source="subject" disableSort />
          <DataTable.Col source="status">
            <MailStatusChip />
          </DataTable.Col>
          <DataTable.NumberCol source="attempts" />
          <DataTable.Col source="lastError" disableSort>
            <ErrorText />
          </DataTable.Col>
          <DataTable.Col source="sentAt" field={DateTimeField} />
        </DataTable>
      )}
    </List>
  );
}

/** Puts a failed (or still waiting) mail back in the queue now. */
function RetryButton() {
  const record = useRecordContext<MailRow>();
  const [busy, setBusy] = useState(false);
  const notify = useNotify();
  const refresh = useRefresh();
  if (!record || (record.status !== 'failed' && record.status !== 'pending')) return null;
  async function retry() {
    setBusy(true);
    try {
      await adminFetch(`mails/${record!.id}/retry`, { method: 'POST' });
      notify('admin.mail.retried', { type: 'success' });
      refresh();
    } catch (error) {
      notify((error as Error).message || 'admin.errors.generic', { type: 'error' });
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button label="admin.mail.retry" onClick={() => void retry()} disabled={busy}>
      <ReplayIcon />
    </Button>
  );
}

/** The mail as it was sent: an organiser-only file, fetched with the session then saved. */
function EmlButton() {
  const record = useRecordContext<MailRow>();
  const notify = useNotify();
  if (!record) return null;
  const download = () =>
    adminDownload(`mails/${record.id}/eml`, `mail-${record.id}.eml`).catch((error: unknown) =>
      notify((error as Error).message || 'admin.errors.generic', { type: 'error' }),
    );
  return (
    <Button label="admin.mail.eml" onClick={() => void download()}>
      <DownloadIcon />
    </Button>
  );
}

/**
 * The bodies: the HTML in a sandboxed frame (no script, no form, no navigation of this page),
 * and the plain text as it is.
 */
function Bodies() {
  const record = useRecordContext<MailRow>();
  const translate = useTranslate();
  const [tab, setTab] = useState<'html' | 'text'>('html');
  if (!record) return null;
  const shown = record.html ? tab : 'text';
  return (
    <Box sx={{ width: '100%' }}>
      {record.linkRedacted ? <Alert severity="info">{translate('admin.mail.linkRedacted')}</Alert> : null}
      <Tabs value={shown} onChange={(_event, value: 'html' | 'text') => setTab(value)}>
        {record.html ? <Tab value="html" label={translate('admin.mail.html')} /> : null}
        <Tab value="text" label={translate('admin.mail.text')} />
      </Tabs>
      {shown === 'html' ? (
        <Box
          component="iframe"
          title={translate('admin.mail.html')}
          sandbox=""
          srcDoc={record.html ?? ''}
          sx={{ width: '100%', height: { xs: 420, md: 600 }, border: 1, borderColor: 'divider', bgcolor: 'white' }}
        />
      ) : (
        <Box
          component="pre"
          sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', fontFamily: 'monospace', p: 2, bgcolor: 'grey.100' }}
        >
          {record.text}
        </Box>
      )}
    </Box>
  );
}

function MailShow() {
  return (
    <Show
      actions={
        <TopToolbar>
          <ListButton />
          <RetryButton />
          <EmlButton />
        </TopToolbar>
      }
    >
      <SimpleShowLayout>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={3}>
          <Labeled source="to">
            <TextField source="to" />
          </Labeled>
          <Labeled source="status">
            <MailStatusChip />
          </Labeled>
          <Labeled source="attempts">
            <NumberField source="attempts" />
          </Labeled>
          <Labeled source="createdAt">
            <DateTimeField source="createdAt" />
          </Labeled>
          <Labeled source="sentAt">
            <DateTimeField source="sentAt" />
          </Labeled>
          <Labeled source="nextAttemptAt">
            <DateTimeField source="nextAttemptAt" />
          </Labeled>
        </Stack>
        <TextField source="subject" />
        <TextField source="lastError" emptyText="—" sx={{ wordBreak: 'break-word' }} />
        <Bodies />
      </SimpleShowLayout>
    </Show>
  );
}

// ---- Newsletter ---------------------------------------------------------------------------------

function NewsletterList() {
  const small = useSmall();
  // The file's headers are in the back-office's language.
  const [locale] = useLocaleState();
  return (
    <List
      sort={{ field: 'createdAt', order: 'DESC' }}
      filters={[
        <SearchInput key="q" source="q" alwaysOn />,
        <SelectInput key="state" source="state" choices={stateChoices} alwaysOn />,
      ]}
      actions={
        <TopToolbar>
          <ListExportButton
            label="admin.mail.export"
            path="newsletters/export"
            filename="newsletter.xlsx"
            query={{ lang: locale === 'en' ? 'en' : 'fr' }}
          />
        </TopToolbar>
      }
      exporter={false}
    >
      {small ? (
        <SimpleList<{ id: number; email: string; createdAt: string }>
          primaryText={(r) => r.email}
          secondaryText={(r) => formatDateTime(r.createdAt)}
          tertiaryText={<NewsletterStateChip />}
          linkType={false}
        />
      ) : (
        <DataTable rowClick={false} bulkActionButtons={false}>
          <DataTable.Col source="email" />
          <DataTable.Col source="language" disableSort />
          <DataTable.Col source="state" disableSort>
            <NewsletterStateChip />
          </DataTable.Col>
          <DataTable.Col source="createdAt" field={DateTimeField} />
          <DataTable.Col source="confirmedAt" field={DateTimeField} />
          <DataTable.Col source="unsubscribedAt" field={DateTimeField} />
        </DataTable>
      )}
    </List>
  );
}

export const mailResources = (
  <>
    <Resource name="mails" icon={MailIcon} list={MailList} show={MailShow} />
    <Resource name="newsletters" icon={MarkEmailReadIcon} list={NewsletterList} />
  </>
);

export const mailMessages: AdminMessages = {
  fr: {
    resources: {
      mails: {
        name: 'E-mail |||| E-mails envoyés',
        fields: {
          to: 'Destinataire',
          subject: 'Objet',
          status: 'État',
          attempts: 'Tentatives',
          lastError: 'Dernière erreur',
          nextAttemptAt: 'Prochain essai',
          sentAt: 'Envoyé le',
          createdAt: 'Créé le',
          q: 'Rechercher',
        },
      },
      newsletters: {
        name: 'Abonné |||| Newsletter',
        fields: {
          email: 'Adresse e-mail',
          language: 'Langue',
          state: 'État',
          createdAt: 'Inscrit le',
          confirmedAt: 'Confirmé le',
          unsubscribedAt: 'Désinscrit le',
          q: 'Rechercher',
        },
      },
    },
    admin: {
      mail: {
        status: { pending: 'En attente', sending: 'En cours d’envoi', sent: 'Envoyé', failed: 'En échec' },
        state: { waiting: 'En attente de confirmation', confirmed: 'Confirmé', unsubscribed: 'Désinscrit' },
        retry: 'Réessayer',
        retried: 'L’e-mail est remis dans la file d’envoi.',
        eml: 'Télécharger le .eml',
        html: 'HTML',
        text: 'Texte',
        export: 'Exporter',
        linkRedacted:
          'Le lien de ce message (mot de passe, invitation, confirmation d’adresse) n’est jamais conservé : il est créé à l’envoi, et seule la personne le reçoit.',
      },
    },
  },
  en: {
    resources: {
      mails: {
        name: 'E-mail |||| Sent e-mails',
        fields: {
          to: 'Recipient',
          subject: 'Subject',
          status: 'State',
          attempts: 'Attempts',
          lastError: 'Last error',
          nextAttemptAt: 'Next attempt',
          sentAt: 'Sent',
          createdAt: 'Created',
          q: 'Search',
        },
      },
      newsletters: {
        name: 'Subscriber |||| Newsletter',
        fields: {
          email: 'E-mail address',
          language: 'Language',
          state: 'State',
          createdAt: 'Subscribed',
          confirmedAt: 'Confirmed',
          unsubscribedAt: 'Unsubscribed',
          q: 'Search',
        },
      },
    },
    admin: {
      mail: {
        status: { pending: 'Waiting', sending: 'Sending', sent: 'Sent', failed: 'Failed' },
        state: { waiting: 'Waiting for confirmation', confirmed: 'Confirmed', unsubscribed: 'Unsubscribed' },
        retry: 'Retry',
        retried: 'The e-mail is back in the sending queue.',
        eml: 'Download the .eml',
        html: 'HTML',
        text: 'Text',
        export: 'Export',
        linkRedacted:
          'This mail’s link (password, invitation, address confirmation) is never kept: it is made when the mail leaves, and only the person receives it.',
      },
    },
  },
};
