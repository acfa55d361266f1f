import { Edit, SimpleForm, TextInput, required } from 'react-admin';
import { agenceSchema, sibSchema } from '@salon/shared';
import { MediaInput } from '../../components/media-input';
import { saveOnlyToolbar } from '../../components/save-only-toolbar';
import { contentResolver } from './fields';

/** The show and the agency: one record each, edited from their menu entry. */

const showResolver = contentResolver(sibSchema);
const agencyResolver = contentResolver(agenceSchema);

export function ShowRecordPage() {
  return (
    <Edit resource="sib" id={1} redirect={false} mutationMode="pessimistic" title="admin.content.sibTitle">
      <SimpleForm toolbar={saveOnlyToolbar} resolver={showResolver}>
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

export function AgencyPage() {
  return (
    <Edit resource="agence" id={1} redirect={false} mutationMode="pessimistic" title="admin.content.agenceTitle">
      <SimpleForm toolbar={saveOnlyToolbar} resolver={agencyResolver}>
        <TextInput source="name" validate={required()} fullWidth />
        <TextInput source="email" fullWidth />
        <TextInput source="website" fullWidth />
        <MediaInput source="logoId" label="resources.agence.fields.logoId" />
        <MediaInput source="logoFooterId" label="resources.agence.fields.logoFooterId" />
        <MediaInput source="imageId" label="resources.agence.fields.imageId" />
      </SimpleForm>
    </Edit>
  );
}
