import DownloadIcon from '@mui/icons-material/Download';
import ReplayIcon from '@mui/icons-material/Replay';
import { Alert, Box, Stack, Tab, Tabs } from '@mui/material';
import { useState } from 'react';
import {
  Button,
  Labeled,
  ListButton,
  NumberField,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { getMailEml, postMailRetry, type Answer, type mailRecordSchema } from '@salon/shared';
import { DateTimeField } from '../../components/date-time-field';
import { useAdminCall } from '../../components/use-admin-call';
import { adminCall, adminDownload } from '../../http';
import { MailStatusChip } from './states';

/** One mail with its bodies (`GET admin/mails/:id`); one with a link shows it redacted (`linkRedacted`). */
type MailRecord = Answer<typeof mailRecordSchema>;

/** Puts a failed (or still waiting) mail back in the queue now. */
function RetryButton() {
  const record = useRecordContext<MailRecord>();
  const { busy, call } = useAdminCall();
  const notify = useNotify();
  const refresh = useRefresh();
  if (!record || (record.status !== 'failed' && record.status !== 'pending')) return null;
  const retry = () =>
    call(async () => {
      await adminCall(postMailRetry, { params: { id: String(record.id) } });
      notify('admin.mail.retried', { type: 'success' });
      refresh();
    });
  return (
    <Button label="admin.mail.retry" onClick={() => void retry()} disabled={busy}>
      <ReplayIcon />
    </Button>
  );
}

/** The mail as it was sent: an organiser-only file, fetched with the session then saved. */
function EmlButton() {
  const record = useRecordContext<MailRecord>();
  const { call } = useAdminCall();
  if (!record) return null;
  const download = () =>
    call(() => adminDownload(getMailEml, { params: { id: String(record.id) } }, `mail-${record.id}.eml`));
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
  const record = useRecordContext<MailRecord>();
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

/** A mail's page: its state, 'Réessayer', its .eml, and the mail itself. */
export function MailShow() {
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
          {(['createdAt', 'sentAt', 'nextAttemptAt'] as const).map((source) => (
            <Labeled key={source} source={source}>
              <DateTimeField source={source} />
            </Labeled>
          ))}
        </Stack>
        <TextField source="subject" />
        <TextField source="lastError" emptyText="—" sx={{ wordBreak: 'break-word' }} />
        <Bodies />
      </SimpleShowLayout>
    </Show>
  );
}
