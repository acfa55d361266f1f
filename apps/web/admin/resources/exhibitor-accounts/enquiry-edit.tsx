import { Stack } from '@mui/material';
import {
  CreateButton,
  Edit,
  Labeled,
  SelectInput,
  SimpleForm,
  TextField,
  TextInput,
  TopToolbar,
  useRecordContext,
} from 'react-admin';
import { SECTOR_CHOICES, type adminEnquirySchema, enquiryFollowUpSchema, type Answer } from '@salon/shared';
import { enquiryStatusChoices } from './status';
import { formResolver } from '../../../app/lib/form-resolver';

/** What the enquirer wrote on the home page's form, shown above the follow-up. */
const ENQUIRY_DETAILS = ['societe', 'nom', 'email', 'telephone', 'secteurActivite'] as const;

/** Opens the exhibitor form filled from the enquiry; saving it marks the enquiry 'converti'. */
function ConvertButton() {
  const record = useRecordContext<Answer<typeof adminEnquirySchema>>();
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

export function EnquiryEdit() {
  return (
    <Edit
      actions={
        <TopToolbar>
          <ConvertButton />
        </TopToolbar>
      }
      mutationMode="pessimistic"
    >
      <SimpleForm resolver={formResolver(enquiryFollowUpSchema)}>
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
