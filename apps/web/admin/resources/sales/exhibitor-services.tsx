import DownloadIcon from '@mui/icons-material/Download';
import {
  Button,
  DataTable,
  DateInput,
  FunctionField,
  List,
  NumberInput,
  SimpleForm,
  TextInput,
  required,
  useRecordContext,
} from 'react-admin';
import {
  dayText,
  exhibitorServiceSchema,
  getServiceOrdersExport,
  moneyText,
  type Answer,
  type adminExhibitorServiceSchema,
} from '@salon/shared';
import { editionFilter, EditionInput, EditionListActions, useEditionDefaults } from '../../components/editions';
import { useAdminCall } from '../../components/use-admin-call';
import { adminDownload } from '../../http';
import { formResolver } from '../../../app/lib/form-resolver';
import { centimesInput } from './stand-classes';

const resolver = formResolver(exhibitorServiceSchema);
type Service = Answer<typeof adminExhibitorServiceSchema>;

/** A service's orders for its supplier, as a spreadsheet. */
function SupplierExportButton() {
  const record = useRecordContext<Service>();
  const { busy, call } = useAdminCall();
  if (!record) return null;
  return (
    <Button
      label="admin.sales.supplierExport"
      disabled={busy || record.ordered === 0}
      onClick={(e) => {
        e.stopPropagation();
        void call(() =>
          adminDownload(
            getServiceOrdersExport,
            { params: { id: String(record.id) } },
            `commandes-${record.name.fr}.xlsx`,
          ),
        );
      }}
    >
      <DownloadIcon />
    </Button>
  );
}

/** The services exhibitors order for their stands, with their price, what is ordered of the stock and the last day. */
export function ExhibitorServiceList() {
  const defaults = useEditionDefaults();
  if (!defaults) return null;
  return (
    <List
      sort={{ field: 'position', order: 'ASC' }}
      filters={[editionFilter('admin.editions.currentEdition')]}
      filterDefaultValues={defaults}
      actions={<EditionListActions />}
    >
      <DataTable>
        <DataTable.Col source="name.fr" />
        <DataTable.Col source="price">
          <FunctionField<Service> render={(r) => `${moneyText(r.price, 'fr')} / ${r.unit.fr}`} />
        </DataTable.Col>
        <DataTable.Col source="ordered" disableSort>
          <FunctionField<Service>
            render={(r) => (r.stock === null ? String(r.ordered) : `${r.ordered} / ${r.stock}`)}
          />
        </DataTable.Col>
        <DataTable.Col source="orderBy">
          <FunctionField<Service> render={(r) => dayText(r.orderBy, 'fr')} />
        </DataTable.Col>
        <DataTable.Col label="admin.sales.supplier" disableSort>
          <SupplierExportButton />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}

export function ExhibitorServiceForm() {
  return (
    <SimpleForm resolver={resolver}>
      <EditionInput />
      <TextInput source="name.fr" validate={required()} />
      <TextInput source="name.en" validate={required()} />
      <TextInput source="unit.fr" validate={required()} helperText="admin.sales.unitHint" />
      <TextInput source="unit.en" validate={required()} />
      <NumberInput
        source="price"
        step={0.01}
        min={0}
        validate={required()}
        helperText="admin.sales.servicePriceHint"
        {...centimesInput}
      />
      <NumberInput
        source="stock"
        min={0}
        step={1}
        helperText="admin.sales.stockHint"
        parse={(v: unknown) => (v === '' || v === null || v === undefined ? null : v)}
      />
      <DateInput source="orderBy" validate={required()} helperText="admin.sales.orderByHint" />
      <TextInput source="supplier" helperText="admin.sales.supplierHint" />
      <NumberInput source="position" helperText="admin.content.positionHint" />
    </SimpleForm>
  );
}
