import {
  BooleanInput,
  DataTable,
  List,
  NullableBooleanInput,
  SelectInput,
  SimpleForm,
  TextInput,
  required,
} from 'react-admin';
import { DateTimeField } from '../../components/date-time-field';
import { MediaInput } from '../../components/media-input';
import { choicesOf, searchFilter } from '../../components/filters';
import { bannerSchema } from '@salon/shared';
import { RequiredMediaInput, contentResolver, thumbnail, type Media } from './fields';

/** The home page's banners, at the top or the bottom, each with a desktop and a mobile image. */

const PLACEMENTS = choicesOf(['Haut', 'Bas'], 'admin.content.placements');

export function BannerList() {
  return (
    <List
      filters={[
        searchFilter,
        <SelectInput key="emplacement" source="emplacement" choices={PLACEMENTS} alwaysOn />,
        <NullableBooleanInput key="actif" source="actif" alwaysOn />,
      ]}
    >
      <DataTable>
        <DataTable.Col
          source="fichierDesktop"
          disableSort
          render={(r: { fichierDesktop: Media }) => thumbnail(r.fichierDesktop)}
        />
        <DataTable.Col
          source="fichierMobile"
          disableSort
          render={(r: { fichierMobile: Media }) => thumbnail(r.fichierMobile)}
        />
        <DataTable.Col source="emplacement" />
        <DataTable.Col source="actif" render={(r: { actif: boolean }) => (r.actif ? '✓' : '—')} />
        <DataTable.Col source="lien" disableSort />
        <DataTable.Col source="createdAt">
          <DateTimeField source="createdAt" />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}

const resolver = contentResolver(bannerSchema);

export function BannerForm() {
  return (
    <SimpleForm resolver={resolver}>
      <SelectInput source="emplacement" choices={PLACEMENTS} validate={required()} defaultValue="Haut" />
      <BooleanInput source="actif" defaultValue />
      <TextInput source="lien" helperText="admin.content.linkHint" fullWidth />
      <RequiredMediaInput source="fichierDesktopId" label="resources.bannieres.fields.fichierDesktopId" />
      <MediaInput source="fichierMobileId" label="resources.bannieres.fields.fichierMobileId" />
    </SimpleForm>
  );
}
