import { Alert, Box, Button, Link, Typography } from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useId, useState } from 'react';
import {
  BooleanInput,
  DateInput,
  Edit,
  NumberInput,
  SelectInput,
  SimpleForm,
  TextInput,
  required,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import {
  SELLER_FIELDS,
  postSaleConditions,
  salesOfferSchema,
  type Answer,
  type adminSalesOfferSchema,
} from '@salon/shared';
import { EditionPicker, useEditionDefaults } from '../../components/editions';
import { saveOnlyToolbar } from '../../components/save-only-toolbar';
import { useAdminCall } from '../../components/use-admin-call';
import { adminCall, adminUpload } from '../../http';
import { formResolver } from '../../../app/lib/form-resolver';

type Offer = Answer<typeof adminSalesOfferSchema>;
const resolver = formResolver(salesOfferSchema);
/** Two or four fields a line on a wide screen, one on a phone. */
const FIELD = { flex: '1 1 200px' };

/** Percentages in the form, basis points in the record (20 % is 2000). */
const percentInput = {
  format: (bp: unknown) => (typeof bp === 'number' ? bp / 100 : bp),
  parse: (percent: unknown) => (typeof percent === 'number' ? Math.round(percent * 100) : percent),
};

/**
 * An edition's terms of sale on /exposer: whether it sells, the VAT, the corner surcharge, the
 * minimum area, the deposit and the balance's date, how long a hold lasts, and the conditions of
 * sale, each new PDF a new version that bookings accept from then on.
 */
export function SalesOfferPage() {
  const translate = useTranslate();
  const defaults = useEditionDefaults();
  const [picked, setPicked] = useState<number | ''>('');
  const edition = picked === '' ? defaults?.edition : picked;
  return (
    <Box sx={{ mt: 2 }}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {translate('admin.sales.offerTitle')}
      </Typography>
      <EditionPicker label="admin.editions.dashboardEdition" value={picked} onChange={setPicked} />
      {edition !== undefined && (
        <Edit resource="sales-offers" id={edition} redirect={false} mutationMode="pessimistic" title=" " key={edition}>
          <SimpleForm toolbar={saveOnlyToolbar} resolver={resolver} sx={{ '&&': { pb: 2 } }}>
            <Counts />
            <Conditions edition={edition} />
            <BooleanInput source="open" helperText="admin.sales.openHint" />
            <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2, width: '100%' }}>
              <NumberInput source="vatRate" sx={FIELD} step={0.01} validate={required()} {...percentInput} />
              <NumberInput source="cornerSurcharge" sx={FIELD} step={0.01} validate={required()} {...percentInput} />
              <NumberInput source="minimumArea" sx={FIELD} step={1} validate={required()} />
              <NumberInput source="holdDays" sx={FIELD} step={1} validate={required()} />
            </Box>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2, width: '100%' }}>
              <NumberInput source="depositShare" sx={FIELD} step={0.01} validate={required()} {...percentInput} />
              <DateInput source="balanceDueOn" sx={FIELD} parse={(v: string) => v || null} />
              <DateInput
                source="priorityUntil"
                sx={FIELD}
                parse={(v: string) => v || null}
                helperText="admin.sales.priorityHint"
              />
              <SelectInput
                source="accountOn"
                sx={FIELD}
                choices={[
                  { id: 'deposit', name: 'admin.sales.accountOnDeposit' },
                  { id: 'paid', name: 'admin.sales.accountOnPaid' },
                ]}
              />
            </Box>
            <Typography variant="subtitle1" component="h2" sx={{ mt: 2 }}>
              {translate('admin.sales.sellerTitle')}
            </Typography>
            <Typography variant="body2" sx={{ mb: 1 }}>
              {translate('admin.sales.sellerHint')}
            </Typography>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2, width: '100%' }}>
              {SELLER_FIELDS.map((f) => (
                <TextInput key={f} source={`seller.${f}`} sx={FIELD} />
              ))}
            </Box>
          </SimpleForm>
        </Edit>
      )}
    </Box>
  );
}

function Counts() {
  const record = useRecordContext<Offer>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Alert severity={record.counts.forSale ? 'info' : 'warning'}>
      {translate('admin.sales.counts', record.counts)}
    </Alert>
  );
}

/** The version in force, and a PDF to make the next one. */
function Conditions({ edition }: { edition: number }) {
  const record = useRecordContext<Offer>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const { busy, call } = useAdminCall();
  const inputId = useId();
  const onFile = (input: HTMLInputElement) => {
    const file = input.files?.[0];
    if (!file) return;
    void call(
      async () => {
        const media = await adminUpload(file);
        await adminCall(postSaleConditions, { params: { id: String(edition) }, body: { mediaId: media.id } });
        notify('admin.sales.conditionsAdded', { type: 'success' });
        refresh();
      },
      () => {
        input.value = '';
      },
    );
  };
  return (
    <Box sx={{ my: 2 }}>
      <Typography variant="subtitle1" component="h2">
        {translate('admin.sales.conditions')}
      </Typography>
      {record?.conditions ? (
        <Typography variant="body2">
          {translate('admin.sales.conditionsInForce', { version: record.conditions.version })}{' '}
          <Link href={record.conditions.url} target="_blank" rel="noreferrer">
            {translate('admin.sales.conditionsOpen')}
          </Link>
        </Typography>
      ) : (
        <Alert severity="warning">{translate('admin.sales.noConditions')}</Alert>
      )}
      <input
        id={inputId}
        type="file"
        accept="application/pdf"
        hidden
        onChange={(e) => onFile(e.currentTarget)}
        disabled={busy}
      />
      <Button component="label" htmlFor={inputId} startIcon={<UploadFileIcon />} disabled={busy} sx={{ mt: 1 }}>
        {translate('admin.sales.conditionsUpload')}
      </Button>
    </Box>
  );
}
