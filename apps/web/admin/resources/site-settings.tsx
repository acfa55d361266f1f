import SettingsIcon from '@mui/icons-material/Settings';
import { Alert, Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { BooleanInput, Edit, Resource, SimpleForm, TextInput, useTranslate } from 'react-admin';
import { CONTACT_KEYS, siteSettingsSchema } from '@salon/shared';
import { saveOnlyToolbar } from '../components/save-only-toolbar';
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
