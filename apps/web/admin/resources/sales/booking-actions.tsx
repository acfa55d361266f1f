import CancelIcon from '@mui/icons-material/Cancel';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import DescriptionIcon from '@mui/icons-material/Description';
import DoNotDisturbIcon from '@mui/icons-material/DoNotDisturb';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import { Box, List, ListItem, ListItemText, TextField as MuiTextField, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import RemoveShoppingCartIcon from '@mui/icons-material/RemoveShoppingCart';
import { Button, TopToolbar, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import {
  getBookingContract,
  getBookingInvoices,
  getInvoicePdf,
  dayText,
  moneyText,
  postBookingCancel,
  postBookingConfirm,
  postBookingRefuse,
  postServiceInvoiceCredit,
  type Answer,
  type adminBookingSchema,
  type adminInvoicesSchema,
} from '@salon/shared';
import { ConfirmButton } from '../../components/confirm-button';
import { useAdminCall } from '../../components/use-admin-call';
import { adminCall, adminDownload } from '../../http';
import { PaymentButton } from './payments';

type Booking = Answer<typeof adminBookingSchema>;
type Invoices = Answer<typeof adminInvoicesSchema>['invoices'];

const confirmed = (b: Booking) => b.status !== 'option' && b.status !== 'cancelled';
const wasConfirmed = (b: Booking) => confirmed(b) || (b.status === 'cancelled' && b.endReason === 'cancelled');

/**
 * What an organiser does with a booking: confirm an option (its contract and invoices are issued
 * and mailed), refuse it, or cancel a confirmed booking (a credit note for each invoice); the
 * contract and each invoice as issued, as PDFs.
 */
export function BookingActions() {
  const record = useRecordContext<Booking>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const { busy, call } = useAdminCall();
  const [reason, setReason] = useState('');
  if (!record) return null;
  const params = { id: String(record.id) };
  const done = (message: string, close: () => void) =>
    call(async () => {
      if (message === 'confirmed') await adminCall(postBookingConfirm, { params });
      else if (message === 'refused') await adminCall(postBookingRefuse, { params, body: { reason } });
      else await adminCall(postBookingCancel, { params, body: { reason } });
      notify(`admin.sales.${message}`, { type: 'success' });
      refresh();
    }, close);
  const reasonField = (
    <MuiTextField
      label={translate('admin.sales.reason')}
      value={reason}
      onChange={(e) => setReason(e.target.value)}
      fullWidth
      multiline
      sx={{ mt: 2 }}
      slotProps={{ htmlInput: { maxLength: 500 } }}
    />
  );
  return (
    <TopToolbar sx={{ flexWrap: 'wrap' }}>
      {record.status === 'option' && (
        <>
          <ConfirmButton
            label="admin.sales.confirm"
            icon={<CheckCircleIcon />}
            loading={busy}
            content="admin.sales.confirmContent"
            contentTranslateOptions={{ company: record.companyName, stands: record.stands }}
            onConfirm={(close) => void done('confirmed', close)}
          />
          <ConfirmButton
            label="admin.sales.refuse"
            color="error"
            icon={<DoNotDisturbIcon />}
            loading={busy}
            content={
              <>
                {translate('admin.sales.refuseContent', { company: record.companyName })}
                {reasonField}
              </>
            }
            onConfirm={(close) => void done('refused', close)}
          />
        </>
      )}
      {confirmed(record) && (
        <ConfirmButton
          label="admin.sales.cancel"
          color="error"
          icon={<CancelIcon />}
          loading={busy}
          content={
            <>
              {translate('admin.sales.cancelContent', { company: record.companyName })}
              {reasonField}
            </>
          }
          onConfirm={(close) => void done('cancelled', close)}
        />
      )}
      <PaymentButton />
      {wasConfirmed(record) && (
        <Button
          label="admin.sales.contract"
          disabled={busy}
          onClick={() =>
            void call(() => adminDownload(getBookingContract, { params }, `contrat-${record.reference}.pdf`))
          }
        >
          <DescriptionIcon />
        </Button>
      )}
    </TopToolbar>
  );
}

/**
 * The booking's invoices and credit notes, each downloadable as issued; an order of services not
 * credited yet is cancelled here alone (its credit note, its quantities back in stock).
 */
export function BookingInvoices() {
  const record = useRecordContext<Booking>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const { busy, call } = useAdminCall();
  const [changed, setChanged] = useState(0);
  const [invoices, setInvoices] = useState<Invoices | null>(null);
  const id = record?.id;
  const status = record?.status;
  useEffect(() => {
    if (id === undefined) return;
    let live = true;
    void adminCall(getBookingInvoices, { params: { id: String(id) } }).then(
      (answer) => live && setInvoices(answer.invoices),
      () => live && setInvoices([]),
    );
    return () => {
      live = false;
    };
  }, [id, status, changed]);
  if (!invoices?.length) return null;
  const credited = new Set(invoices.flatMap((i) => (i.creditOf ? [i.creditOf] : [])));
  const creditServices = (invoiceId: number, close: () => void) =>
    call(async () => {
      await adminCall(postServiceInvoiceCredit, { params: { id: String(invoiceId) } });
      notify('admin.sales.servicesCredited', { type: 'success' });
      setChanged((n) => n + 1);
      refresh();
    }, close);
  return (
    <Box sx={{ mt: 2 }}>
      <Typography variant="subtitle1" component="h2">
        {translate('admin.sales.invoices')}
      </Typography>
      <List dense>
        {invoices.map((i) => (
          <ListItem
            key={i.id}
            disableGutters
            secondaryAction={
              <>
                {i.kind === 'services' && !credited.has(i.id) && (
                  <ConfirmButton
                    label="admin.sales.creditServices"
                    color="error"
                    icon={<RemoveShoppingCartIcon />}
                    loading={busy}
                    content="admin.sales.creditServicesContent"
                    contentTranslateOptions={{ label: i.label }}
                    onConfirm={(close) => void creditServices(i.id, close)}
                  />
                )}
                <Button
                  label="admin.sales.pdf"
                  disabled={busy}
                  onClick={() =>
                    void call(() => adminDownload(getInvoicePdf, { params: { id: String(i.id) } }, `${i.label}.pdf`))
                  }
                >
                  <PictureAsPdfIcon />
                </Button>
              </>
            }
          >
            <ListItemText
              primary={`${i.label} — ${translate(`admin.sales.invoiceKind.${i.kind}`)}`}
              secondary={`${moneyText(i.totalInclTax, 'fr')} TTC · ${dayText(i.issuedOn, 'fr')}`}
            />
          </ListItem>
        ))}
      </List>
    </Box>
  );
}
