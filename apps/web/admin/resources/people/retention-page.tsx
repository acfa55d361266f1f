import { Box, Stack, Typography } from '@mui/material';
import { BooleanInput, Edit, Labeled, NumberInput, SimpleForm, useRecordContext, useTranslate } from 'react-admin';
import { formatDateTime, retentionSettingsSchema } from '@salon/shared';
import { unpinnedSaveOnlyToolbar } from '../../components/save-only-toolbar';
import { DryRunPanel } from './retention-dry-run';
import { frenchDate, type RetentionSettings } from './retention-settings';
import { formResolver } from '../../../app/lib/form-resolver';

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

const retentionResolver = formResolver(retentionSettingsSchema);

/**
 * The settings open straight from the menu (one record, id 1, saved, never deleted), the
 * simulation below them.
 */
export function RetentionPage() {
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
        <SimpleForm toolbar={unpinnedSaveOnlyToolbar} resolver={retentionResolver} sx={{ '&&': { pb: 2 } }}>
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
