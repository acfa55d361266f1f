import { Edit, SimpleForm, TextInput, email, maxLength, required } from 'react-admin';
import { MediaInput } from '../../components/media-input';
import { saveOnlyToolbar } from '../../components/save-only-toolbar';
import { WEBSITE, matches } from './fields';

/** The show and the agency: one record each, edited from their menu entry. */

export function ShowRecordPage() {
  return (
    <Edit resource="sib" id={1} redirect={false} mutationMode="pessimistic" title="admin.content.sibTitle">
      <SimpleForm toolbar={saveOnlyToolbar}>
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
      <SimpleForm toolbar={saveOnlyToolbar}>
        <TextInput source="name" validate={[required(), maxLength(200)]} fullWidth />
        <TextInput source="email" validate={[maxLength(320), email()]} fullWidth />
        <TextInput
          source="website"
          validate={[maxLength(500), matches(WEBSITE, 'admin.content.errors.website')]}
          fullWidth
        />
        <MediaInput source="logoId" label="resources.agence.fields.logoId" />
        <MediaInput source="logoFooterId" label="resources.agence.fields.logoFooterId" />
        <MediaInput source="imageId" label="resources.agence.fields.imageId" />
      </SimpleForm>
    </Edit>
  );
}
