import StorefrontIcon from '@mui/icons-material/Storefront';
import { Stack } from '@mui/material';
import {
  Button,
  CreateButton,
  Edit,
  Labeled,
  SelectInput,
  SimpleForm,
  TextField,
  TextInput,
  TopToolbar,
  useNotify,
  useRecordContext,
} from 'react-admin';
import {
  SECTOR_CHOICES,
  postEnquiryStandLink,
  type adminEnquirySchema,
  enquiryFollowUpSchema,
  type Answer,
} from '@salon/shared';
import { useAdminCall } from '../../components/use-admin-call';
import { adminCall } from '../../http';
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

/** Mails the enquirer the link to choose and hold a stand on /exposer, its details filled in. */
function StandLinkButton() {
  const record = useRecordContext<Answer<typeof adminEnquirySchema>>();
  const notify = useNotify();
  const { busy, call } = useAdminCall();
  if (!record || record.exhibitorId) return null;
  return (
    <Button
      label="admin.sales.standLink"
      disabled={busy}
      onClick={() =>
        void call(async () => {
          await adminCall(postEnquiryStandLink, { params: { id: String(record.id) } });
          notify('admin.sales.standLinkSent', { type: 'success' });
        })
      }
    >
      <StorefrontIcon />
    </Button>
  );
}

export function EnquiryEdit() {
  return (
    <Edit
      actions={
        <TopToolbar>
          <StandLinkButton />
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
