import PaymentsIcon from '@mui/icons-material/Payments';
import {
  Alert,
  Box,
  Button as MuiButton,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItem,
  ListItemText,
  MenuItem,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { Button, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import {
  PAYMENT_METHODS,
  dayText,
  getBookingPayments,
  moneyText,
  paymentSchema,
  postBookingPayment,
  type Answer,
  type adminBookingSchema,
  type adminPaymentsSchema,
  type PaymentMethod,
} from '@salon/shared';
import { useAdminCall } from '../../components/use-admin-call';
import { adminCall } from '../../http';

type Booking = Answer<typeof adminBookingSchema>;
type Payments = Answer<typeof adminPaymentsSchema>['payments'];

const today = () => new Date().toISOString().slice(0, 10);

/** 'Enregistrer un paiement': an amount in dirhams (kept in centimes), its day, how it came, a note. */
export function PaymentButton() {
  const record = useRecordContext<Booking>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const { busy, call } = useAdminCall();
  const [open, setOpen] = useState(false);
  const [amount, setAmount] = useState('');
  const [receivedOn, setReceivedOn] = useState(today());
  const [method, setMethod] = useState<PaymentMethod>('transfer');
  const [label, setLabel] = useState('');
  const [error, setError] = useState<string | null>(null);
  if (!record || !['signed', 'deposit', 'paid'].includes(record.status)) return null;
  const save = () => {
    const form = {
      amount: Math.round(Number(amount.replace(/\s/g, '').replace(',', '.')) * 100),
      receivedOn,
      method,
      label,
    };
    const checked = paymentSchema.safeParse(form);
    if (!checked.success) {
      setError(translate(String(checked.error.issues[0]?.message ?? 'admin.errors.generic')));
      return;
    }
    setError(null);
    void call(
      async () => {
        await adminCall(postBookingPayment, { params: { id: String(record.id) }, body: checked.data });
        notify('admin.sales.paymentRecorded', { type: 'success' });
        refresh();
      },
      () => setOpen(false),
    );
  };
  return (
    <>
      <Button label="admin.sales.recordPayment" onClick={() => setOpen(true)} disabled={busy}>
        <PaymentsIcon />
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="xs">
        <DialogTitle>{translate('admin.sales.recordPayment')}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
          {error && <Alert severity="error">{error}</Alert>}
          <TextField
            label={translate('admin.sales.amount')}
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            autoFocus
          />
          <TextField
            type="date"
            label={translate('admin.sales.receivedOn')}
            value={receivedOn}
            onChange={(e) => setReceivedOn(e.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            select
            label={translate('admin.sales.method')}
            value={method}
            onChange={(e) => setMethod(e.target.value as PaymentMethod)}
          >
            {PAYMENT_METHODS.map((m) => (
              <MenuItem key={m} value={m}>
                {translate(`admin.sales.methods.${m}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label={translate('admin.sales.paymentLabel')}
            value={label}
            onChange={(e) => setLabel(e.target.value)}
          />
        </DialogContent>
        <DialogActions>
          <MuiButton onClick={() => setOpen(false)}>{translate('ra.action.cancel')}</MuiButton>
          <MuiButton onClick={save} disabled={busy} variant="contained">
            {translate('ra.action.save')}
          </MuiButton>
        </DialogActions>
      </Dialog>
    </>
  );
}

/** What the booking received, payment by payment, against what it owes. */
export function BookingPayments() {
  const record = useRecordContext<Booking>();
  const translate = useTranslate();
  const [list, setList] = useState<Payments | null>(null);
  const id = record?.id;
  const paid = record?.paid;
  useEffect(() => {
    if (id === undefined) return;
    let live = true;
    void adminCall(getBookingPayments, { params: { id: String(id) } }).then(
      (answer) => live && setList(answer.payments),
      () => live && setList([]),
    );
    return () => {
      live = false;
    };
  }, [id, paid]);
  if (!record || !list?.length) return null;
  return (
    <Box sx={{ mt: 2 }}>
      <Typography variant="subtitle1" component="h2">
        {translate('admin.sales.payments', { paid: moneyText(record.paid, 'fr') })}
      </Typography>
      <List dense>
        {list.map((p) => (
          <ListItem key={p.id} disableGutters>
            <ListItemText
              primary={`${moneyText(p.amount, 'fr')} — ${dayText(p.receivedOn, 'fr')}`}
              secondary={`${translate(`admin.sales.methods.${p.method}`)}${p.label ? ` · ${p.label}` : ''}`}
            />
          </ListItem>
        ))}
      </List>
    </Box>
  );
}
