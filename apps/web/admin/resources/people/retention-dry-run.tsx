import AutoDeleteIcon from '@mui/icons-material/AutoDelete';
import {
  Alert,
  Box,
  Button as MuiButton,
  Card,
  CardContent,
  CircularProgress,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Confirm, useGetOne, useNotify, useRefresh, useTranslate } from 'react-admin';
import {
  formatDateTime,
  getRetentionDryRun,
  postRetentionRun,
  type Answer,
  type retentionDryRunSchema,
} from '@salon/shared';
import { adminErrorMessage, useAdminCall } from '../../components/use-admin-call';
import { useSmall } from '../../components/use-small';
import { adminCall } from '../../http';
import { frenchDate, type RetentionSettings } from './retention-settings';

/** What `GET admin/retention/1/dry-run` answers: who the settings would anonymise today. */
type DryRun = Answer<typeof retentionDryRunSchema>;

/** The people the dry run lists: a name, an e-mail and a registration date each. */
function DryRunTable({ people }: { people: DryRun['people'] }) {
  const translate = useTranslate();
  const small = useSmall();
  return (
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
          {people.map((p) => (
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
              <TableCell>{small ? frenchDate(p.createdAt).slice(0, 10) : formatDateTime(p.createdAt)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

/**
 * What the settings would anonymise today, listed before anything happens; 'Anonymiser
 * maintenant' sends exactly the ids the organiser has seen, not whatever matches by then.
 */
export function DryRunPanel() {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const { busy, call } = useAdminCall();
  // Saving the form updates this record in react-admin's cache, which reloads the simulation.
  const { data: settings } = useGetOne<RetentionSettings>('retention', { id: 1 });
  const { data, error, isFetching } = useQuery({
    queryKey: ['admin', 'retention', 'dry-run', settings?.months, settings?.enabled, settings?.lastRunAt],
    queryFn: () => adminCall(getRetentionDryRun, {}),
  });
  const ids = data?.people.map((p) => p.id) ?? [];
  const run = () =>
    call(
      async () => {
        const result = await adminCall(postRetentionRun, { body: { ids } });
        notify('admin.people.retention.done', { type: 'success', messageArgs: { smart_count: result.anonymised } });
        // Reloads the settings (their last run) and with them the simulation.
        refresh();
      },
      () => setOpen(false),
    );
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
          <Alert severity="error">{translate(adminErrorMessage(error))}</Alert>
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
            {data.people.length > 0 && <DryRunTable people={data.people} />}
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
