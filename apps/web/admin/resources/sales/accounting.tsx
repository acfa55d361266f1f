import DownloadIcon from '@mui/icons-material/Download';
import { Box, Button, Card, CardContent, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { Title, useTranslate } from 'react-admin';
import { getAccountingExport } from '@salon/shared';
import { useAdminCall } from '../../components/use-admin-call';
import { adminDownload } from '../../http';

const firstOfYear = () => `${new Date().getFullYear()}-01-01`;
const today = () => new Date().toISOString().slice(0, 10);

/** 'Comptabilité': a period's invoices, credit notes and payments, as CSV files or one workbook. */
export function AccountingPage() {
  const translate = useTranslate();
  const { busy, call } = useAdminCall();
  const [from, setFrom] = useState(firstOfYear());
  const [to, setTo] = useState(today());
  const download = (format: 'csv' | 'xlsx', what: 'invoices' | 'payments' = 'invoices') =>
    call(() =>
      adminDownload(
        getAccountingExport,
        { query: { from, to, format, what } },
        `comptabilite-${from}-${to}${format === 'csv' ? `-${what === 'invoices' ? 'factures' : 'paiements'}.csv` : '.xlsx'}`,
      ),
    );
  return (
    <Card sx={{ mt: 2 }}>
      <Title title="admin.sales.accountingTitle" />
      <CardContent>
        <Typography variant="body2" sx={{ mb: 2 }}>
          {translate('admin.sales.accountingIntro')}
        </Typography>
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mb: 2 }}>
          <TextField
            type="date"
            label={translate('admin.sales.from')}
            value={from}
            onChange={(e) => setFrom(e.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            type="date"
            label={translate('admin.sales.to')}
            value={to}
            onChange={(e) => setTo(e.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </Box>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button
            variant="contained"
            startIcon={<DownloadIcon />}
            disabled={busy}
            onClick={() => void download('xlsx')}
          >
            {translate('admin.sales.accountingXlsx')}
          </Button>
          <Button startIcon={<DownloadIcon />} disabled={busy} onClick={() => void download('csv', 'invoices')}>
            {translate('admin.sales.accountingInvoicesCsv')}
          </Button>
          <Button startIcon={<DownloadIcon />} disabled={busy} onClick={() => void download('csv', 'payments')}>
            {translate('admin.sales.accountingPaymentsCsv')}
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}
